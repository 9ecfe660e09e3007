import { createHash, randomUUID } from 'node:crypto';
import {
  canonicalJson,
  missingNoteFields,
  noteContentSchema,
  signatureMatches,
  type NoteContent,
  type NoteDraftInput,
  type NoteView,
  type ReviewNoteInput,
  type SignNoteInput,
  type VisitNotesView,
} from '../../domain/documentation';
import { serviceTypes } from '../../domain/accounts';
import type { PhiBox } from '../crypto/phi-box';
import type { Database, Transaction } from '../db/client';
import { AppError } from '../errors';
import { moveLockedVisit } from '../visits/move-visit';
import type { JobQueue } from '../jobs/queue';
import { createNotification } from '../notifications/service';
import { findVisitSubject } from '../notifications/subjects';
import { dollars, visitWhen } from '../notifications/wording';
import { makeVisitPayable } from '../payments/payable';
import { completeReferralIfDone } from '../referrals/completion';
import { withVisit } from './access';
import {
  findLatestNote,
  findTherapistName,
  insertNote,
  listNoteRows,
  markReviewed,
  markSigned,
  updateDraft,
  type DocumentationVisitRow,
  type NoteRow,
} from './queries';
import type { Caller } from '../use-case';

/**
 * Visit documentation (PHI): the therapist drafts and signs a structured note, the agency approves
 * it (the visit becomes payable in the same transaction) or returns it with a message; a signed
 * note is never changed, a revision is a new version. Content and review messages are sealed with
 * AES-256-GCM bound to the note's id; audit rows and notifications carry ids and reasons only.
 */

export const NOTES_READ = 'visit_note.read';
export const NOTES_WRITE = 'visit_note.write';
export const NOTES_SIGN = 'visit_note.sign';
export const NOTES_REVIEW = 'visit_note.review';
/** `reviewed_by` of a note approved by the sweep. */
export const AUTOMATIC_REVIEWER = 'system:auto-approve';

export interface DocumentationDeps {
  database: Database;
  jobs: JobQueue;
  phiBox: PhiBox;
  noteDueHours: number;
  /** The payment provider's name for new invoice lines and payouts. */
  paymentProvider: string;
}

const serviceLabel = (serviceId: string) => serviceTypes.find((service) => service.id === serviceId)?.name ?? serviceId;
const visitLink = (side: 'agency' | 'therapist', visitId: string) => `/dashboard/${side}/visits/${visitId}`;

function sealContent(deps: DocumentationDeps, noteId: string, content: NoteContent): string {
  return deps.phiBox.seal(canonicalJson(content), noteId);
}

function openContent(deps: Pick<DocumentationDeps, 'phiBox'>, row: NoteRow): NoteContent {
  try {
    return noteContentSchema.parse(JSON.parse(deps.phiBox.open(row.sealed, row.id)));
  } catch {
    // Neither the cipher's nor JSON.parse's message may leave: they could quote the content.
    throw new Error(`note ${row.id} could not be opened (tampered, moved or wrong key)`);
  }
}

const reviewBinding = (noteId: string) => `${noteId}:review-message`;

/** One version as its parties see it, content opened; the records that leave the platform are built from it too. */
export function presentNote(deps: Pick<DocumentationDeps, 'phiBox'>, row: NoteRow): NoteView {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    content: openContent(deps, row),
    signedName: row.signedName,
    signedAt: row.signedAt?.toISOString() ?? null,
    contentHash: row.contentHash,
    coSignedName: row.coSignedName,
    coSignedAt: row.coSignedAt?.toISOString() ?? null,
    coSignatureHash: row.coSignatureHash,
    reviewMessage: row.reviewMessage ? deps.phiBox.open(row.reviewMessage, reviewBinding(row.id)) : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    autoApproved: row.reviewedBy === AUTOMATIC_REVIEWER,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** When the signed note is due, and whether it is late: still owed and never signed past that time. */
export function dueState(visit: Pick<DocumentationVisitRow, 'status' | 'checkOutAt'>, rows: Pick<NoteRow, 'signedAt'>[], dueHours: number, now = new Date()) {
  const dueAt = visit.checkOutAt ? new Date(visit.checkOutAt.getTime() + dueHours * 3_600_000) : null;
  const neverSigned = rows.every((row) => row.signedAt === null);
  return { dueAt, overdue: dueAt !== null && visit.status === 'completed' && neverSigned && now.getTime() > dueAt.getTime() };
}

/**
 * The visit's notes as `viewerId` may see them. A draft is the therapist's work in progress and
 * not yet part of the record: only the therapist sees it; the agency reviews signed versions.
 */
export async function presentVisitNotes(deps: DocumentationDeps, t: Transaction, visit: DocumentationVisitRow, viewerId: string): Promise<VisitNotesView> {
  const all = await listNoteRows(t.tx, visit.id);
  const rows = viewerId === visit.therapistId ? all : all.filter((row) => row.status !== 'draft');
  const { dueAt, overdue } = dueState(visit, rows, deps.noteDueHours);
  return {
    visitId: visit.id,
    serviceId: visit.serviceId as VisitNotesView['serviceId'],
    visitStatus: visit.status,
    dueAt: dueAt?.toISOString() ?? null,
    overdue,
    notes: rows.map((row) => presentNote(deps, row)),
  };
}

/** GET: every version, newest first, for the visit's agency or therapist at aal2. */
export function viewNotes(deps: DocumentationDeps, options: Caller & { visitId: string }): Promise<VisitNotesView> {
  return withVisit(deps.database, { ...options, action: NOTES_READ, need: 'either' }, async ({ t, visit, done }) => {
    const view = await presentVisitNotes(deps, t, visit, options.actor.userId);
    return done(view, { versions: view.notes.map((note) => note.version) });
  });
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * PUT draft: the therapist saves the note of a completed visit. The current draft is replaced; after
 * a return a new version starts; a signed or approved note is never edited.
 */
export function saveDraft(deps: DocumentationDeps, options: Caller & { visitId: string; input: NoteDraftInput }): Promise<VisitNotesView> {
  return withVisit(deps.database, { ...options, action: NOTES_WRITE, need: 'therapist', lock: true }, async ({ t, visit, done, refuse }) => {
    const { content } = options.input;
    if (content.serviceId !== visit.serviceId) {
      const label = serviceLabel(visit.serviceId);
      const message = `This visit needs ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label} note.`;
      return refuse(new AppError('VALIDATION', message, { 'content.serviceId': message }), 'wrong_note_type');
    }
    if (visit.status !== 'completed') {
      const message = ['scheduled', 'in_progress'].includes(visit.status)
        ? 'Notes can be written once the visit is completed (checked out).'
        : visit.status === 'missed' || visit.status === 'cancelled'
          ? 'This visit did not take place, so it has no notes.'
          : 'This note is signed and can no longer be edited.';
      return refuse(conflict(message), `visit_${visit.status}`);
    }
    const latest = await findLatestNote(t.tx, visit.id);
    let version: number;
    if (latest?.status === 'draft') {
      await updateDraft(t.tx, latest.id, sealContent(deps, latest.id, content));
      version = latest.version;
    } else if (!latest || latest.status === 'returned') {
      const id = randomUUID();
      version = (latest?.version ?? 0) + 1;
      await insertNote(t.tx, { id, visitId: visit.id, version, sealed: sealContent(deps, id, content) });
    } else {
      return refuse(conflict('This note is signed and can no longer be edited.'), `note_${latest.status}`);
    }
    return done(await presentVisitNotes(deps, t, visit, options.actor.userId), { version, created: latest?.status !== 'draft' });
  });
}

/** POST sign: the therapist signs the current draft with their typed name; the visit is documented. */
export function signNote(deps: DocumentationDeps, options: Caller & { visitId: string; input: SignNoteInput }): Promise<VisitNotesView> {
  return withVisit(deps.database, { ...options, action: NOTES_SIGN, need: 'therapist', lock: true }, async ({ t, visit, done, refuse }) => {
    const latest = await findLatestNote(t.tx, visit.id);
    if (!latest || latest.status === 'returned') return refuse(conflict('Save the note before signing it.'), 'no_draft');
    if (latest.status !== 'draft' || visit.status !== 'completed') return refuse(conflict('This note is already signed.'), `note_${latest.status}`);
    const content = openContent(deps, latest);
    const missing = missingNoteFields(content);
    if (Object.keys(missing).length > 0) {
      const fields = Object.fromEntries(Object.entries(missing).map(([field, message]) => [`content.${field}`, message]));
      return refuse(new AppError('VALIDATION', 'Complete the note before signing it.', fields), 'incomplete');
    }
    const name = await findTherapistName(t.tx, visit.therapistId);
    if (!name || !signatureMatches(options.input.signedName, name)) {
      const message = 'Type your full name as it appears on your profile to sign.';
      return refuse(new AppError('VALIDATION', message, { signedName: message }), 'name_mismatch');
    }
    const contentHash = createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
    await markSigned(t.tx, latest.id, { signedName: options.input.signedName.trim().replace(/\s+/g, ' '), contentHash });
    await moveLockedVisit(t.tx, visit.id, { from: 'completed', to: 'documented' });
    const details = { version: latest.version, contentHash };
    visit.status = 'documented';
    const subject = await findVisitSubject(t.tx, visit.id);
    await createNotification(t, {
      userId: visit.agencyId,
      type: 'documentation.signed',
      title: `Visit notes ready for review: ${subject.tag}`,
      body: `${subject.therapistName} signed the notes of the ${visitWhen(subject, subject.zoneOf(visit.agencyId))}. Review them to approve payment.`,
      link: visitLink('agency', visit.id),
    });
    return done(await presentVisitNotes(deps, t, visit, options.actor.userId), details);
  });
}

/**
 * Approves a signed note and makes the visit payable, in the caller's transaction (the visit row
 * must be locked). Shared by the agency's review and the automatic approval. When it was the
 * referral's last visit to approve, the referral is completed in the same transaction; that runs
 * before the notification below so the referral is locked before any user row, the order other
 * referral use cases lock in.
 */
export async function approveSignedNote(
  deps: Pick<DocumentationDeps, 'jobs' | 'paymentProvider'>,
  t: Transaction,
  options: { visit: DocumentationVisitRow; note: NoteRow; reviewedBy: string },
): Promise<void> {
  await markReviewed(t.tx, options.note.id, { status: 'approved', reviewedBy: options.reviewedBy, reviewMessage: null });
  await makeVisitPayable(t, deps.jobs, { visitId: options.visit.id, provider: deps.paymentProvider });
  await completeReferralIfDone(t, {
    referralId: options.visit.referralId,
    actorUserId: options.reviewedBy === AUTOMATIC_REVIEWER ? null : options.reviewedBy,
  });
  const subject = await findVisitSubject(t.tx, options.visit.id);
  await createNotification(t, {
    userId: options.visit.therapistId,
    type: 'documentation.approved',
    title: `Visit notes approved: ${subject.tag}`,
    body: `${subject.agencyName} approved your notes of the ${visitWhen(subject, subject.zoneOf(options.visit.therapistId))}; the visit is now payable at ${dollars(subject.rate)}.`,
    link: visitLink('therapist', options.visit.id),
  });
}

/** POST review: the agency approves the signed note (the visit becomes payable) or returns it with a message. */
export function reviewNote(deps: DocumentationDeps, options: Caller & { visitId: string; input: ReviewNoteInput }): Promise<VisitNotesView> {
  return withVisit(deps.database, { ...options, action: NOTES_REVIEW, need: 'agency', lock: true }, async ({ t, visit, done, refuse }) => {
    const latest = await findLatestNote(t.tx, visit.id);
    if (!latest || latest.status !== 'signed') {
      const message = latest?.status === 'approved' ? 'These notes are already approved.' : 'There are no signed notes to review.';
      return refuse(conflict(message), latest ? `note_${latest.status}` : 'no_note');
    }
    const { input } = options;
    if (input.action === 'approve') {
      await approveSignedNote(deps, t, { visit, note: latest, reviewedBy: options.actor.userId });
      visit.status = 'approved';
    } else {
      await markReviewed(t.tx, latest.id, { status: 'returned', reviewedBy: options.actor.userId, reviewMessage: deps.phiBox.seal(input.message, reviewBinding(latest.id)) });
      await moveLockedVisit(t.tx, visit.id, { from: 'documented', to: 'completed' });
      visit.status = 'completed';
      const subject = await findVisitSubject(t.tx, visit.id);
      // The agency's message stays on the visit page (it is sealed like the note): only that there is one is said here.
      await createNotification(t, {
        userId: visit.therapistId,
        type: 'documentation.returned',
        title: `Visit notes returned: ${subject.tag}`,
        body: `${subject.agencyName} returned your notes of the ${visitWhen(subject, subject.zoneOf(visit.therapistId))} with a message. Revise and sign them again.`,
        link: visitLink('therapist', visit.id),
      });
    }
    return done(await presentVisitNotes(deps, t, visit, options.actor.userId), { action: input.action, version: latest.version, automatic: false });
  });
}
