import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { coSignRefusal, coSignRefusalMessages, supervisorOf, type CoSignRefusal } from '../../domain/co-signature';
import { canonicalJson, signatureMatches, type SignNoteInput, type VisitNotesView } from '../../domain/documentation';
import type { Discipline } from '../../domain/accounts';
import { audited, refused, type Refusal } from '../audit/audited-use-case';
import { therapistDisciplines } from '../care-clocks/queries';
import type { Db, Transaction } from '../db/client';
import { referrals, visitNotes, visits } from '../db/schema/index';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { accessRefusal, DOCUMENTATION_ENTITY } from './access';
import { findTherapistName, isUuid, type DocumentationVisitRow } from './queries';
import { presentVisitNotes, type DocumentationDeps } from './service';

/**
 * The supervising therapist's side of an assistant's notes (domain/co-signature.ts says who that
 * is): reading the visit's signed notes and co-signing one with their typed name. Runs in the
 * audited frame like the rest of the documentation; anyone who takes no part in the referral's
 * care is answered 404, like a visit that does not exist.
 */

export const NOTES_CO_SIGN = 'visit_note.co_sign';
export const NOTES_SUPERVISION_READ = 'visit_note.supervision_read';

const refusalCodes: Readonly<Record<CoSignRefusal, 'CONFLICT' | 'FORBIDDEN'>> = {
  not_signed: 'CONFLICT',
  not_assistant_note: 'CONFLICT',
  already_co_signed: 'CONFLICT',
  own_note: 'FORBIDDEN',
  wrong_discipline: 'FORBIDDEN',
};

interface SupervisedVisit extends DocumentationVisitRow {
  therapistDiscipline: Discipline;
  referralDiscipline: string;
  takesPart: boolean;
}

/** The visit with its referral's discipline and whether `userId` takes part in that referral's care (matched, or a visit of theirs on it). */
async function findSupervisedVisit(db: Db, visitId: string, userId: string): Promise<SupervisedVisit | null> {
  if (!isUuid(visitId)) return null;
  const [row] = await db
    .select({
      id: visits.id,
      referralId: visits.referralId,
      agencyId: visits.agencyId,
      therapistId: visits.therapistId,
      serviceId: visits.serviceId,
      status: visits.status,
      checkOutAt: visits.checkOutAt,
      therapistDiscipline: visits.therapistDiscipline,
      referralDiscipline: referrals.discipline,
      takesPart: sql<boolean>`(${referrals.matchedTherapistId} = ${userId} or exists (
        select 1 from ${visits} mine where mine.referral_id = ${visits.referralId} and mine.therapist_id = ${userId}))`,
    })
    .from(visits)
    .innerJoin(referrals, eq(referrals.id, visits.referralId))
    .where(eq(visits.id, visitId))
    .for('update', { of: visits });
  return row ?? null;
}

interface SupervisionContext {
  t: Transaction;
  visit: SupervisedVisit;
  disciplines: Discipline[];
}

/** A use case of the supervising side: 404 unless an approved therapist takes part in the referral's care; aal2 after that. */
function withSupervisedVisit<T>(
  deps: DocumentationDeps,
  options: Caller & { visitId: string; action: string },
  work: (context: SupervisionContext) => Promise<{ value: T; details?: Record<string, unknown> } | Refusal>,
): Promise<T> {
  const { actor, client, visitId, action } = options;
  return audited(deps.database, { actorUserId: actor.userId, action, entityType: DOCUMENTATION_ENTITY, entityId: visitId, client }, async (t) => {
    const isTherapist = actor.account?.userType === 'therapist' && actor.account.status === 'approved';
    const visit = isTherapist ? await findSupervisedVisit(t.tx, visitId, actor.userId) : null;
    if (!visit || !visit.takesPart) return accessRefusal('no_access');
    if (actor.aal !== 'aal2') return accessRefusal('mfa_required');
    return work({ t, visit, disciplines: await therapistDisciplines(t.tx, actor.userId) });
  });
}

/** Whether the caller supervises this visit's discipline on its referral (a PT for a PTA on a PT referral). */
const supervises = (visit: SupervisedVisit, disciplines: readonly Discipline[]) => {
  const supervisor = supervisorOf[visit.therapistDiscipline];
  return supervisor !== null && supervisor === visit.referralDiscipline && disciplines.includes(supervisor);
};

/** GET: the assistant's signed notes for their supervising therapist (drafts stay the author's). Anyone else: 404. */
export function viewSupervisedNotes(deps: DocumentationDeps, options: Caller & { visitId: string }): Promise<VisitNotesView> {
  return withSupervisedVisit(deps, { ...options, action: NOTES_SUPERVISION_READ }, async ({ t, visit, disciplines }) => {
    if (visit.therapistId === options.actor.userId || !supervises(visit, disciplines)) return accessRefusal('no_access', { reason: 'not_supervisor' });
    const view = await presentVisitNotes(deps, t, visit, options.actor.userId);
    return { value: view, details: { as: 'supervisor', versions: view.notes.map((note) => note.version) } };
  });
}

/**
 * POST co-sign: the supervising therapist co-signs one signed version with their typed name. The
 * visit row is locked and the update only touches a version not yet co-signed, so of two
 * co-signatures at once one is written and the other is told it is already co-signed. The hash
 * binds the co-signature to the exact content the assistant signed (its content hash).
 */
export function coSignNote(deps: DocumentationDeps, options: Caller & { visitId: string; noteId: string; input: SignNoteInput }): Promise<VisitNotesView> {
  return withSupervisedVisit(deps, { ...options, action: NOTES_CO_SIGN }, async ({ t, visit, disciplines }) => {
    const note = isUuid(options.noteId)
      ? (await t.tx.select().from(visitNotes).where(and(eq(visitNotes.id, options.noteId), eq(visitNotes.visitId, visit.id))))[0]
      : undefined;
    if (!note) return accessRefusal('no_access', { reason: 'no_note' });
    const reason = coSignRefusal({
      noteStatus: note.status,
      noteCoSigned: note.coSignedAt !== null,
      noteDiscipline: visit.therapistDiscipline,
      referralDiscipline: visit.referralDiscipline,
      noteAuthorId: visit.therapistId,
      coSignerId: options.actor.userId,
      coSignerDisciplines: disciplines,
    });
    const refuse = (why: CoSignRefusal) => refused(new AppError(refusalCodes[why], coSignRefusalMessages[why]), { reason: why, as: 'supervisor', version: note.version });
    if (reason) return refuse(reason);

    const name = await findTherapistName(t.tx, options.actor.userId);
    if (!name || !signatureMatches(options.input.signedName, name)) {
      const message = 'Type your full name as it appears on your profile to co-sign.';
      return refused(new AppError('VALIDATION', message, { signedName: message }), { reason: 'name_mismatch', as: 'supervisor' });
    }
    const coSignedName = options.input.signedName.trim().replace(/\s+/g, ' ');
    const coSignatureHash = createHash('sha256')
      .update(canonicalJson({ noteId: note.id, contentHash: note.contentHash, coSignedBy: options.actor.userId, coSignedName }), 'utf8')
      .digest('hex');
    const written = await t.tx
      .update(visitNotes)
      .set({ coSignedBy: options.actor.userId, coSignedName, coSignatureHash, coSignedAt: sql`clock_timestamp()`, updatedAt: sql`now()` })
      .where(and(eq(visitNotes.id, note.id), isNull(visitNotes.coSignedAt), inArray(visitNotes.status, ['signed', 'approved'])))
      .returning({ id: visitNotes.id });
    if (written.length === 0) return refuse('already_co_signed');
    const view = await presentVisitNotes(deps, t, visit, options.actor.userId);
    return { value: view, details: { as: 'supervisor', version: note.version, coSignatureHash } };
  });
}
