import { and, desc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { noteAttachments, therapistProfiles, visitNotes, visits } from '../db/schema/index';

/**
 * Documentation queries. Every lookup by a user is scoped in its `where` to the visit's agency or
 * therapist; the sweep's all-tenant queries live in sweep.ts.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a path parameter can be an id at all (PostgreSQL refuses anything else as uuid). */
export const isUuid = (value: string): boolean => UUID.test(value);

export type NoteRow = typeof visitNotes.$inferSelect;
export type AttachmentRow = typeof noteAttachments.$inferSelect;

const visitColumns = {
  id: visits.id,
  referralId: visits.referralId,
  agencyId: visits.agencyId,
  therapistId: visits.therapistId,
  serviceId: visits.serviceId,
  status: visits.status,
  checkOutAt: visits.checkOutAt,
};
export type DocumentationVisitRow = { id: string; referralId: string; agencyId: string; therapistId: string; serviceId: string; status: (typeof visits.$inferSelect)['status']; checkOutAt: Date | null };

/** The visit when `userId` is its agency or its therapist; null otherwise. `lock` holds it until the transaction ends. */
export async function findVisitOfParty(db: Db, visitId: string, userId: string, options: { lock?: boolean } = {}): Promise<DocumentationVisitRow | null> {
  if (!isUuid(visitId)) return null;
  const query = db
    .select(visitColumns)
    .from(visits)
    .where(and(eq(visits.id, visitId), or(eq(visits.agencyId, userId), eq(visits.therapistId, userId))));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Only for the sweep, which acts for the platform: the visit whatever its tenant, locked. */
export async function lockVisitForPlatform(db: Db, visitId: string): Promise<DocumentationVisitRow | null> {
  const [row] = await db.select(visitColumns).from(visits).where(eq(visits.id, visitId)).for('update');
  return row ?? null;
}

export function listNoteRows(db: Db, visitId: string): Promise<NoteRow[]> {
  return db.select().from(visitNotes).where(eq(visitNotes.visitId, visitId)).orderBy(desc(visitNotes.version));
}

export async function findLatestNote(db: Db, visitId: string): Promise<NoteRow | null> {
  const [row] = await db.select().from(visitNotes).where(eq(visitNotes.visitId, visitId)).orderBy(desc(visitNotes.version)).limit(1);
  return row ?? null;
}

export async function insertNote(db: Db, values: { id: string; visitId: string; version: number; sealed: string }): Promise<void> {
  await db.insert(visitNotes).values({ ...values, status: 'draft' });
}

/** Changes a draft's content; a note in any other status is never touched (the where says so). */
export async function updateDraft(db: Db, noteId: string, sealed: string): Promise<void> {
  await db
    .update(visitNotes)
    .set({ sealed, updatedAt: sql`now()` })
    .where(and(eq(visitNotes.id, noteId), eq(visitNotes.status, 'draft')));
}

/**
 * The signing time is the clock when the row is written, not the transaction's start (`now()`): the
 * visit row is locked by then, so every attachment uploaded before this signature has an earlier
 * `created_at` and every later one a later one (see `sharedWithAgency`), even when an upload
 * committed while this transaction waited for the lock.
 */
export async function markSigned(db: Db, noteId: string, values: { signedName: string; contentHash: string }): Promise<void> {
  await db
    .update(visitNotes)
    .set({ status: 'signed', signedName: values.signedName, contentHash: values.contentHash, signedAt: sql`clock_timestamp()`, updatedAt: sql`now()` })
    .where(and(eq(visitNotes.id, noteId), eq(visitNotes.status, 'draft')));
}

export async function markReviewed(
  db: Db,
  noteId: string,
  values: { status: 'approved' | 'returned'; reviewedBy: string; reviewMessage: string | null },
): Promise<void> {
  await db
    .update(visitNotes)
    .set({ status: values.status, reviewedBy: values.reviewedBy, reviewMessage: values.reviewMessage, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(visitNotes.id, noteId), eq(visitNotes.status, 'signed')));
}

export async function findTherapistName(db: Db, therapistId: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: therapistProfiles.firstName, lastName: therapistProfiles.lastName })
    .from(therapistProfiles)
    .where(eq(therapistProfiles.id, therapistId));
  return row ? `${row.firstName} ${row.lastName}` : null;
}

/**
 * Whether the visit's agency may see an attachment: only one uploaded at or before the visit's
 * latest signature (any signed version, whatever its review). Attachments belong to the visit, but
 * what the therapist attaches while writing is part of their draft, which is theirs alone; the
 * agency reviews what the therapist signed, so a file becomes the agency's to list and download
 * when the note it was added to is signed — a file added while revising a returned note waits for
 * the re-signature, and one signed version's files stay visible after a return. No signature yet:
 * the subquery is null and so is the comparison, hence the coalesce to false. Both times are
 * `clock_timestamp()` taken under the visit's lock (upload and sign), so their order is the order
 * in which the two happened. The one place this rule lives: the list, the download and the
 * removal use it.
 */
const sharedWithAgency = sql<boolean>`coalesce(${noteAttachments.createdAt} <= (
  select max(${visitNotes.signedAt}) from ${visitNotes} where ${visitNotes.visitId} = ${noteAttachments.visitId}
), false)`;

export type AttachmentListRow = AttachmentRow & { sharedWithAgency: boolean };

/** The visit's attachments that `side` may see, newest first: the therapist all of them, the agency only the shared ones. */
export function listAttachmentRows(db: Db, visitId: string, side: 'agency' | 'therapist'): Promise<AttachmentListRow[]> {
  const ofVisit = eq(noteAttachments.visitId, visitId);
  return db
    .select({ ...getTableColumns(noteAttachments), sharedWithAgency })
    .from(noteAttachments)
    .where(side === 'agency' ? and(ofVisit, sharedWithAgency) : ofVisit)
    .orderBy(desc(noteAttachments.createdAt));
}

/**
 * A new attachment row. `created_at` is the clock under the visit's lock, like the signing time
 * (see `sharedWithAgency`), not the transaction's start.
 */
export async function insertAttachment(db: Db, values: Omit<typeof noteAttachments.$inferInsert, 'createdAt'>): Promise<AttachmentRow> {
  const [row] = await db
    .insert(noteAttachments)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  if (!row) throw new Error('attachment insert returned no row');
  return row;
}

/**
 * The attachment and its visit when `userId` is the visit's therapist, or its agency and the
 * attachment is shared with the agency (`sharedWithAgency`); null otherwise, so a file the agency
 * may not see yet is answered exactly like someone else's.
 */
export async function findAttachmentOfParty(db: Db, attachmentId: string, userId: string) {
  if (!isUuid(attachmentId)) return null;
  const [row] = await db
    .select({ attachment: noteAttachments, visit: visitColumns })
    .from(noteAttachments)
    .innerJoin(visits, eq(visits.id, noteAttachments.visitId))
    .where(and(eq(noteAttachments.id, attachmentId), or(eq(visits.therapistId, userId), and(eq(visits.agencyId, userId), sharedWithAgency))));
  return row ?? null;
}

/**
 * The visit's attachment with whether it is shared with the agency, read fresh: called under the
 * visit's lock, as a statement of its own, so it sees every signature committed before the lock
 * was granted (a statement's snapshot is taken when it starts).
 */
export async function findAttachmentInVisit(db: Db, attachmentId: string, visitId: string): Promise<AttachmentListRow | null> {
  const [row] = await db
    .select({ ...getTableColumns(noteAttachments), sharedWithAgency })
    .from(noteAttachments)
    .where(and(eq(noteAttachments.id, attachmentId), eq(noteAttachments.visitId, visitId)));
  return row ?? null;
}

export async function deleteAttachmentRow(db: Db, attachmentId: string): Promise<void> {
  await db.delete(noteAttachments).where(eq(noteAttachments.id, attachmentId));
}
