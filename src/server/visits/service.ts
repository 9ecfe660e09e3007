import { serviceTypes, type Discipline, type ServiceTypeId } from '../../domain/accounts';
import type { CareVisitType } from '../../domain/care-visit-types';
import { mayDoVisit } from '../../domain/visit-permissions';
import { actingDiscipline, defaultVisitType, visitTypeFitsService, visitTypeMessages } from '../../domain/visit-type-choice';
import { parseVisitFrequency } from '../../domain/visit-frequency';
import {
  planVisitDates,
  VISIT_REMINDER_MINUTES,
  visitMessages,
  type ReferralVisits,
  type RescheduleVisitInput,
  type ScheduleVisitInput,
  type VisitDetail,
  type VisitList,
  type VisitPlan,
} from '../../domain/visits';
import type { Actor } from '../auth/session';
import type { PhiBox } from '../crypto/phi-box';
import type { StandingConfig } from '../credentials/standing';
import type { Database, Db, Transaction } from '../db/client';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { createNotification } from '../notifications/service';
import { findVisitSubject } from '../notifications/subjects';
import { visitWhen } from '../notifications/wording';
import { findReferralOfParty } from '../referrals/parties';
import { therapistDisciplines } from '../care-clocks/queries';
import { beyondApprovedOrders } from '../care-orders/week-limit';
import { audited, refused, type Outcome, type Refusal } from '../audit/audited-use-case';
import { denialError, VISIT_ENTITY } from './denials';
import { moveLockedVisit } from './move-visit';
import { canChangeVisit, canListReferralVisits, canReadVisit, canScheduleVisits, type VisitChange } from './policy';
import { presentVisitDetail, presentVisitSummary } from './presenters';
import { readPatientWithin } from '../patients/service';
import { readPatientShortNames } from '../patients/short-names';
import type { Caller } from '../use-case';
import { statusReasonColumns } from './reasons';
import {
  findVisitOfParty,
  insertVisit,
  listVisitsOfParty,
  listVisitsOfReferral,
  referralDisciplineOf,
  referralFactsOf,
  referralFrequency,
  referralServicesWithBooked,
  startReferral,
  updateVisit,
  type VisitWithNames,
} from './queries';
import { type RequestClient } from '../http/request-client';

/**
 * Visits of a matched referral: scheduling, reads and changes. Every use case runs in one
 * transaction with its audit row (allowed or refused); verification at the point of care is in
 * evv.ts, the reminder job in reminder-job.ts.
 */

export interface VisitDeps {
  database: Database;
  jobs: JobQueue;
  /** Opens and seals the visit's reasons (PHI). */
  phiBox: PhiBox;
  /** What a check-in judges the therapist's credentials by (REQUIRED_CREDENTIALS). */
  config: StandingConfig;
}

export const VISIT_ACTIONS = {
  list: 'visit.list',
  read: 'visit.read',
  plan: 'visit.plan',
  schedule: 'visit.schedule',
  reschedule: 'visit.reschedule',
  cancel: 'visit.cancel',
  missed: 'visit.missed',
  check_in: 'visit.check_in',
  check_out: 'visit.check_out',
} as const;

const MAX_DAYS_AHEAD = 366;
const serviceOrder = (id: string) => serviceTypes.findIndex((service) => service.id === id);

/** Queues the reminder for a visit's (new) start, with the transaction, so it exists only if the change commits. */
async function queueReminder(t: Transaction, jobs: JobQueue, visitId: string, start: Date) {
  const startAfter = new Date(Math.max(Date.now(), start.getTime() - VISIT_REMINDER_MINUTES * 60_000));
  await jobs.send('visit-reminder', { visitId }, { sql: t.sql, startAfter });
}

function startError(start: Date): AppError | null {
  const ahead = start.getTime() - Date.now();
  if (ahead <= 0 || ahead > MAX_DAYS_AHEAD * 86_400_000) {
    return new AppError('VALIDATION', visitMessages.scheduledStart, { scheduledStart: visitMessages.scheduledStart });
  }
  return null;
}

/**
 * The detail a party sees of a visit: with its referral's facts and its patient. The patient comes
 * through the patients feature's own read (same checks, its own audit row in this transaction), so
 * the visit page is one more place the details are read, not a second way to read them.
 */
export async function detailFor(deps: VisitDeps, tx: Db, caller: Caller, visit: VisitWithNames): Promise<VisitDetail> {
  const patient = await readPatientWithin(tx, deps, { ...caller, referralId: visit.referralId });
  // One after another: a transaction is one connection, which runs one statement at a time.
  const facts = await referralFactsOf(tx, visit.referralId);
  const services = await referralServicesWithBooked(tx, visit.referralId);
  if (!facts) throw new Error(`the referral of visit ${visit.id} vanished inside its own transaction`);
  return presentVisitDetail(visit, deps.phiBox, { patient, referral: { ...facts, services } });
}

async function detailOf(deps: VisitDeps, tx: Db, caller: Caller, visitId: string): Promise<VisitDetail> {
  const visit = await findVisitOfParty(tx, visitId, caller.actor.userId);
  if (!visit) throw new Error(`visit ${visitId} vanished inside its own transaction`);
  return detailFor(deps, tx, caller, visit);
}

/** Summaries labelled for the caller: the patient's short name where they may read it (each an audited read). */
async function presentSummaries(deps: VisitDeps, tx: Db, caller: Caller, rows: VisitWithNames[]) {
  const names = await readPatientShortNames(tx, deps, { ...caller, referralIds: rows.map((row) => row.referralId) });
  return rows.map((row) => presentVisitSummary(row, names.get(row.referralId)));
}

/** GET /api/visits?from&to (or ?reference): the caller's own visits (therapist) or their agency's. */
export async function listMyVisits(
  deps: VisitDeps,
  options: Caller & ({ from: Date; to: Date } | { reference: number }),
): Promise<VisitList> {
  const { actor } = options;
  const which = 'reference' in options ? { reference: options.reference } : { from: options.from, to: options.to };
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.list, entityType: VISIT_ENTITY, entityId: undefined, client: options.client };
  return audited(deps.database, meta, async ({ tx }) => {
    const type = actor.account?.status === 'approved' ? actor.account.userType : null;
    if (type !== 'agency' && type !== 'therapist') {
      return refused(new AppError('FORBIDDEN', 'Visits are for agencies and therapists.'), { reason: 'not_allowed' });
    }
    const rows = await listVisitsOfParty(tx, actor.userId, which);
    const searched = 'reference' in which ? { reference: which.reference } : { from: which.from.toISOString(), to: which.to.toISOString() };
    return { value: { visits: await presentSummaries(deps, tx, options, rows) }, details: { ...searched, count: rows.length } };
  });
}

/** GET /api/referrals/:id/visits: the referral's services (booked / count) and visits, for its two parties. */
export async function listReferralVisits(
  deps: VisitDeps,
  options: { actor: Actor; referralId: string; client: RequestClient },
): Promise<ReferralVisits> {
  const { actor, referralId } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.list, entityType: 'referral', entityId: referralId, client: options.client };
  return audited(deps.database, meta, async ({ tx }) => {
    const referral = await findReferralOfParty(tx, referralId, actor.userId);
    const access = canListReferralVisits(actor, referral);
    if (!access.allowed || !referral) return refused(denialError(access.allowed ? 'no_access' : access.reason, { entity: 'referral' }), { reason: 'no_access' });
    // One after another: a transaction is one connection, which runs one statement at a time.
    const services = await referralServicesWithBooked(tx, referralId);
    const rows = await listVisitsOfReferral(tx, referralId, actor.userId);
    const visitFrequency = await referralFrequency(tx, referralId);
    return {
      value: {
        referralId,
        status: referral.status,
        visitFrequency: visitFrequency ?? '',
        services: services
          .sort((a, b) => serviceOrder(a.serviceId) - serviceOrder(b.serviceId))
          .map((s) => ({ serviceId: s.serviceId, serviceName: s.serviceName, visitCount: s.visitCount, booked: Number(s.booked) })),
        visits: await presentSummaries(deps, tx, options, rows),
      },
      details: { as: access.as, count: rows.length },
    };
  });
}

/** POST /api/referrals/:id/visits/plan: dates following the referral's frequency for the visits not yet booked. Saves nothing. */
export async function planVisits(deps: VisitDeps, options: { actor: Actor; referralId: string; startDate: string; client: RequestClient }): Promise<VisitPlan> {
  const { actor, referralId } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.plan, entityType: 'referral', entityId: referralId, client: options.client };
  return audited(deps.database, meta, async ({ tx }) => {
    const access = canScheduleVisits(actor, await findReferralOfParty(tx, referralId, actor.userId));
    if (!access.allowed) return refused(denialError(access.reason, { entity: 'referral' }), { reason: access.reason });
    const visitFrequency = (await referralFrequency(tx, referralId)) ?? '';
    const frequency = parseVisitFrequency(visitFrequency);
    const services = (await referralServicesWithBooked(tx, referralId)).sort((a, b) => serviceOrder(a.serviceId) - serviceOrder(b.serviceId));
    const remaining = services.flatMap((s) => Array.from({ length: Math.max(0, s.visitCount - Number(s.booked)) }, () => s.serviceId));
    const dates = 'error' in frequency ? [] : planVisitDates(frequency.segments, options.startDate, remaining.length);
    return { value: { visitFrequency, items: dates.map((date, i) => ({ date, serviceId: remaining[i] ?? '' })) }, details: { count: dates.length } };
  });
}

/**
 * POST /api/referrals/:id/visits: the matched therapist books one visit of a service on the
 * referral, at its agreed rate, up to the service's visit count. The first visit moves the referral
 * to in progress; the reminder is queued with the visit.
 */
export async function scheduleVisit(
  deps: VisitDeps,
  options: { actor: Actor; referralId: string; input: ScheduleVisitInput; client: RequestClient },
): Promise<VisitDetail> {
  const { actor, referralId, input } = options;
  let visitId: string | undefined;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.schedule, entityType: 'referral', entityId: referralId, client: options.client };
  return audited(deps.database, meta, async (t): Promise<Outcome<VisitDetail>> => {
    // Locked, so two bookings cannot both take the last visit of a service, nor the referral close under one.
    const referral = await findReferralOfParty(t.tx, referralId, actor.userId, { lock: true });
    const access = canScheduleVisits(actor, referral);
    if (!access.allowed || !referral) return refused(denialError(access.allowed ? 'no_access' : access.reason, { entity: 'referral' }), { reason: access.allowed ? 'no_access' : access.reason });

    const service = (await referralServicesWithBooked(t.tx, referralId)).find((s) => s.serviceId === input.serviceId);
    if (!service) {
      return refused(new AppError('VALIDATION', visitMessages.serviceId, { serviceId: visitMessages.serviceId }), { reason: 'service_not_on_referral' });
    }
    if (Number(service.booked) >= service.visitCount) {
      const message = `All ${service.visitCount} ${service.serviceName} visits of this referral are already scheduled.`;
      return refused(new AppError('VALIDATION', message, { serviceId: message }), { reason: 'visit_count_reached', serviceId: service.serviceId });
    }
    const kind = await careVisitKindOf(t.tx, { referralId, therapistId: actor.userId, serviceId: service.serviceId, serviceName: service.serviceName, visitType: input.visitType });
    if ('refusal' in kind) return kind.refusal;
    const start = new Date(input.scheduledStart);
    const invalidStart = startError(start);
    if (invalidStart) return refused(invalidStart, { reason: 'invalid_start' });
    const beyondOrders = await beyondApprovedOrders(t.tx, { userId: actor.userId, referralId, visitType: kind.visitType, start });
    if (beyondOrders) return beyondOrders;

    visitId = await insertVisit(t.tx, {
      visitType: kind.visitType,
      therapistDiscipline: kind.discipline,
      referralId,
      agencyId: referral.agencyId,
      therapistId: actor.userId,
      serviceId: service.serviceId,
      scheduledStart: start,
      durationMinutes: input.durationMinutes ?? 60,
      rate: service.agreedRate ?? service.offeredRate,
    });
    await startReferral(t.tx, referralId);
    await queueReminder(t, deps.jobs, visitId, start);
    return {
      value: await detailOf(deps, t.tx, options, visitId),
      details: { visitId, serviceId: service.serviceId, visitType: kind.visitType, scheduledStart: start.toISOString() },
    };
  });
}

/**
 * What a visit is booked as: the visit type asked for (else its service's own), and the discipline
 * the therapist does it as. Refused, naming `visitType`, when an assistant may not do it (an
 * evaluation, a reassessment: mayDoVisit) or the service cannot be that type of visit.
 */
async function careVisitKindOf(
  tx: Db,
  asked: { referralId: string; therapistId: string; serviceId: string; serviceName: string; visitType: CareVisitType | undefined },
): Promise<{ visitType: CareVisitType; discipline: Discipline } | { refusal: Refusal }> {
  const serviceId = asked.serviceId as ServiceTypeId;
  const visitType = asked.visitType ?? defaultVisitType(serviceId);
  const referralDiscipline = await referralDisciplineOf(tx, asked.referralId);
  const discipline = referralDiscipline && actingDiscipline(await therapistDisciplines(tx, asked.therapistId), referralDiscipline);
  // A matched therapist always holds the referral's discipline or its assistant's; anything else is a broken match.
  if (!referralDiscipline || !discipline) throw new Error(`therapist ${asked.therapistId} matched to referral ${asked.referralId} does not hold its discipline`);
  const permission = mayDoVisit(discipline, visitType, referralDiscipline);
  if (!permission.allowed) {
    return { refusal: refused(new AppError('VALIDATION', permission.message, { visitType: permission.message }), { reason: 'visit_type_not_allowed', visitType, discipline }) };
  }
  if (!visitTypeFitsService(visitType, serviceId)) {
    const message = visitTypeMessages.notForService(visitType, asked.serviceName);
    return { refusal: refused(new AppError('VALIDATION', message, { visitType: message }), { reason: 'visit_type_not_for_service', visitType, serviceId }) };
  }
  return { visitType, discipline };
}

/** GET /api/visits/:id: the visit's details (EVV readings, reasons), for its two parties at aal2. */
export async function viewVisit(deps: VisitDeps, options: { actor: Actor; visitId: string; client: RequestClient }): Promise<VisitDetail> {
  const { actor, visitId } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.read, entityType: VISIT_ENTITY, entityId: visitId, client: options.client };
  return audited(deps.database, meta, async ({ tx }) => {
    const visit = await findVisitOfParty(tx, visitId, actor.userId);
    const access = canReadVisit(actor, visit);
    if (!access.allowed || !visit) return refused(denialError(access.allowed ? 'no_access' : access.reason, { entity: 'visit' }), { reason: access.allowed ? 'no_access' : access.reason });
    return { value: await detailFor(deps, tx, options, visit), details: { as: access.as } };
  });
}

/** Loads and locks a visit for a change, and checks the policy; the refusal to answer otherwise. */
export async function loadForChange(
  tx: Db,
  actor: Actor,
  visitId: string,
  change: VisitChange,
): Promise<{ visit: VisitWithNames; as: 'agency' | 'therapist' } | { refusal: Refusal }> {
  const visit = await findVisitOfParty(tx, visitId, actor.userId, { lock: true });
  const access = canChangeVisit(actor, visit, change);
  if (!access.allowed || !visit) {
    const reason = access.allowed ? 'no_access' : access.reason;
    const notAllowed = change === 'cancel' || change === 'missed' ? undefined : 'Only the visit’s therapist can do this.';
    return { refusal: refused(denialError(reason, { entity: 'visit', status: visit?.status, notAllowed }), { reason }) };
  }
  return { visit, as: access.as };
}

const visitChanges = {
  rescheduled: { title: 'Visit rescheduled', body: (who: string, what: string) => `${who} moved the visit to the ${what}. Open it to see the reason.` },
  cancelled: { title: 'Visit cancelled', body: (who: string, what: string) => `${who} cancelled the ${what}. Open it to see the reason.` },
  missed: { title: 'Visit missed', body: (who: string, what: string) => `${who} recorded the ${what} as missed. Open it to see the reason.` },
} as const;

/**
 * Tells the other party of a change: who made it, which visit and when (on the reader's clock, read
 * after the change so a new time shows), its referral's reference. The reason stays on the visit
 * page (it is sealed like notes); the link checks access.
 */
async function notifyOtherParty(t: Transaction, visit: VisitWithNames, by: 'agency' | 'therapist', change: keyof typeof visitChanges) {
  const to = by === 'therapist' ? 'agency' : 'therapist';
  const userId = to === 'agency' ? visit.agencyId : visit.therapistId;
  const subject = await findVisitSubject(t.tx, visit.id);
  const wording = visitChanges[change];
  await createNotification(t, {
    userId,
    type: `visit.visit_${change}`,
    title: `${wording.title}: ${subject.tag}`,
    body: wording.body(by === 'therapist' ? subject.therapistName : subject.agencyName, visitWhen(subject, subject.zoneOf(userId))),
    link: `/dashboard/${to}/visits/${visit.id}`,
  });
}

/** PUT /api/visits/:id/schedule: the therapist moves a scheduled visit, with a reason; a new reminder is queued. */
export async function rescheduleVisit(
  deps: VisitDeps,
  options: { actor: Actor; visitId: string; input: RescheduleVisitInput; client: RequestClient },
): Promise<VisitDetail> {
  const { actor, visitId, input } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.reschedule, entityType: VISIT_ENTITY, entityId: visitId, client: options.client };
  return audited(deps.database, meta, async (t) => {
    const loaded = await loadForChange(t.tx, actor, visitId, 'reschedule');
    if ('refusal' in loaded) return loaded.refusal;
    const start = new Date(input.scheduledStart);
    const invalidStart = startError(start);
    if (invalidStart) return refused(invalidStart, { reason: 'invalid_start' });
    // Locked as booking locks it, so a move and a booking cannot both take a week's last visit.
    await findReferralOfParty(t.tx, loaded.visit.referralId, actor.userId, { lock: true });
    const { referralId, visitType } = loaded.visit;
    const beyondOrders = await beyondApprovedOrders(t.tx, { userId: actor.userId, referralId, visitType, start, movingVisitId: visitId });
    if (beyondOrders) return beyondOrders;
    await updateVisit(t.tx, visitId, { scheduledStart: start, ...statusReasonColumns(deps.phiBox, visitId, input.reason), remindedAt: null });
    await queueReminder(t, deps.jobs, visitId, start);
    await notifyOtherParty(t, loaded.visit, loaded.as, 'rescheduled');
    return { value: await detailOf(deps, t.tx, options, visitId), details: { from: loaded.visit.scheduledStart.toISOString(), to: start.toISOString() } };
  });
}

/** POST /api/visits/:id/cancel: either party cancels a scheduled visit, with a reason. */
export async function cancelVisit(deps: VisitDeps, options: { actor: Actor; visitId: string; reason: string; client: RequestClient }): Promise<VisitDetail> {
  const { actor, visitId } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.cancel, entityType: VISIT_ENTITY, entityId: visitId, client: options.client };
  return audited(deps.database, meta, async (t) => {
    const loaded = await loadForChange(t.tx, actor, visitId, 'cancel');
    if ('refusal' in loaded) return loaded.refusal;
    await moveLockedVisit(t.tx, visitId, { from: 'scheduled', to: 'cancelled', set: statusReasonColumns(deps.phiBox, visitId, options.reason) });
    await notifyOtherParty(t, loaded.visit, loaded.as, 'cancelled');
    return { value: await detailOf(deps, t.tx, options, visitId), details: { as: loaded.as } };
  });
}

/** POST /api/visits/:id/missed: either party records that a visit whose start has passed did not happen, with a reason. */
export async function markVisitMissed(deps: VisitDeps, options: { actor: Actor; visitId: string; reason: string; client: RequestClient }): Promise<VisitDetail> {
  const { actor, visitId } = options;
  const meta = { actorUserId: actor.userId, action: VISIT_ACTIONS.missed, entityType: VISIT_ENTITY, entityId: visitId, client: options.client };
  return audited(deps.database, meta, async (t) => {
    const loaded = await loadForChange(t.tx, actor, visitId, 'missed');
    if ('refusal' in loaded) return loaded.refusal;
    if (loaded.visit.scheduledStart.getTime() > Date.now()) {
      return refused(new AppError('CONFLICT', 'A visit can be marked missed once its start time has passed. Cancel it instead.'), { reason: 'not_started' });
    }
    await moveLockedVisit(t.tx, visitId, { from: 'scheduled', to: 'missed', set: statusReasonColumns(deps.phiBox, visitId, options.reason) });
    await notifyOtherParty(t, loaded.visit, loaded.as, 'missed');
    return { value: await detailOf(deps, t.tx, options, visitId), details: { as: loaded.as } };
  });
}
