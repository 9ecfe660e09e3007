import { eq, isNotNull, or } from 'drizzle-orm';
import type { PhiBox } from '../crypto/phi-box';
import type { Database } from '../db/client';
import { runInLockedBatches } from '../db/locked-batches';
import { visits } from '../db/schema/index';

/**
 * A visit's free-text reasons (why it was moved, cancelled or missed; why a check-in or check-out
 * was an exception) are what a person wrote about a patient's care: PHI, sealed with the PHI key
 * like notes. Each is bound to its visit and to its kind, so a reason copied onto another visit, or
 * from one column to the other, fails to open instead of showing there.
 */

type ReasonKind = 'status_reason' | 'exception_reason';
const binding = (visitId: string, kind: ReasonKind) => `visit:${visitId}:${kind}`;

export function sealReason(phiBox: PhiBox, visitId: string, kind: ReasonKind, text: string): string {
  return phiBox.seal(text, binding(visitId, kind));
}

function openReason(phiBox: PhiBox, visitId: string, kind: ReasonKind, sealed: string | null, legacyPlain: string | null): string | null {
  if (sealed === null) return legacyPlain;
  try {
    return phiBox.open(sealed, binding(visitId, kind));
  } catch {
    // The cipher's message never leaves; the id says which row to look at.
    throw new Error(`visit ${visitId}: ${kind} could not be opened (tampered, moved or wrong key)`);
  }
}

const reasonColumns = {
  id: visits.id,
  statusReasonSealed: visits.statusReasonSealed,
  statusReason: visits.statusReason,
  exceptionReasonSealed: visits.exceptionReasonSealed,
  exceptionReason: visits.exceptionReason,
};

export interface VisitReasonColumns {
  id: string;
  statusReasonSealed: string | null;
  statusReason: string | null;
  exceptionReasonSealed: string | null;
  exceptionReason: string | null;
}

/** The visit's reasons in plain text, for its parties; a row not yet sealed is read from its legacy plain column. */
export function openReasons(phiBox: PhiBox, visit: VisitReasonColumns): { statusReason: string | null; exceptionReason: string | null } {
  return {
    statusReason: openReason(phiBox, visit.id, 'status_reason', visit.statusReasonSealed, visit.statusReason),
    exceptionReason: openReason(phiBox, visit.id, 'exception_reason', visit.exceptionReasonSealed, visit.exceptionReason),
  };
}

/** The columns a change writes for a new status reason: sealed, and the legacy plain one cleared. */
export const statusReasonColumns = (phiBox: PhiBox, visitId: string, text: string) => ({
  statusReasonSealed: sealReason(phiBox, visitId, 'status_reason', text),
  statusReason: null,
});

/**
 * Seals the reasons of rows written before reasons were sealed, and clears their plain columns: run
 * once at start-up, in batches (see runInLockedBatches), so a second run or a second instance finds
 * nothing left to do. Keeping the plain columns until then, instead of converting them inside the
 * migration, is because the migration runs as SQL without the PHI key. A plain value is sealed only
 * into an empty sealed column: a sealed value is always the newer one.
 */
export function sealLegacyVisitReasons(database: Database, phiBox: PhiBox): Promise<number> {
  return runInLockedBatches(
    database,
    200,
    (tx, limit) =>
      tx
        .select({ ...reasonColumns })
        .from(visits)
        .where(or(isNotNull(visits.statusReason), isNotNull(visits.exceptionReason)))
        .limit(limit)
        .for('update', { skipLocked: true }),
    async (tx, row) => {
      const seal = (kind: ReasonKind, sealed: string | null, plain: string | null) => sealed ?? (plain === null ? null : sealReason(phiBox, row.id, kind, plain));
      await tx
        .update(visits)
        .set({
          statusReason: null,
          exceptionReason: null,
          statusReasonSealed: seal('status_reason', row.statusReasonSealed, row.statusReason),
          exceptionReasonSealed: seal('exception_reason', row.exceptionReasonSealed, row.exceptionReason),
        })
        .where(eq(visits.id, row.id));
    },
  );
}
