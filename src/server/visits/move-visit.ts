import { and, eq, sql, type SQL } from 'drizzle-orm';
import { canMoveVisit } from '../../domain/visit-lifecycle';
import type { VisitStatus } from '../../domain/visits';
import type { Db } from '../db/client';
import { visits } from '../db/schema/index';

type VisitColumns = Omit<Partial<typeof visits.$inferInsert>, 'id' | 'status'>;

/**
 * The one writer of `visits.status`: documentation, payments and the visits' own use cases move a
 * visit through this, along the lifecycle in domain/visit-lifecycle.ts. The update is conditional
 * on the status the caller expects (and on `when`, if given), so a concurrent move cannot be
 * overwritten; `set` writes the columns that belong to the move in the same statement. Returns
 * whether the visit moved.
 */
export async function moveVisit(
  db: Db,
  visitId: string,
  move: { from: VisitStatus; to: VisitStatus; set?: VisitColumns; when?: SQL },
): Promise<boolean> {
  if (!canMoveVisit(move.from, move.to)) throw new Error(`a visit cannot move from ${move.from} to ${move.to}`);
  const rows = await db
    .update(visits)
    .set({ ...move.set, status: move.to, updatedAt: sql`now()` })
    .where(and(eq(visits.id, visitId), eq(visits.status, move.from), move.when))
    .returning({ id: visits.id });
  return rows.length > 0;
}

/** For a caller that holds the visit's lock and has checked its status: not moving is a broken invariant. */
export async function moveLockedVisit(db: Db, visitId: string, move: Parameters<typeof moveVisit>[2]): Promise<void> {
  if (!(await moveVisit(db, visitId, move))) throw new Error(`visit ${visitId} was not ${move.from} when moved to ${move.to}`);
}
