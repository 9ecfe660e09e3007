import type { ReferralDiscipline } from '../../domain/service-eligibility';
import { reviewNote, saveDraft, signNote } from '../documentation/service';
import { locateZip } from '../geo/zip-centroids';
import { listLedger } from '../payments/read-service';
import { markPaid } from '../payments/service';
import type { Caller } from '../use-case';
import { verifyVisit } from '../visits/evv';
import { scheduleVisit } from '../visits/service';
import type { StoryDeps } from './demo-deps';
import { demoNote } from './demo-notes';
import type { DemoVisit, VisitStage, VisitWhen } from './demo-story';
import { HOUR, laterToday, MINUTE, wallClock } from './demo-times';
import { visitTimePasses } from './time-passes';

/** Who takes part in a story's visits. */
export interface VisitCast {
  agency: Caller;
  therapist: Caller;
  /** Settles paid visits in the ledger. */
  manager: Caller;
  /** The therapist's name as their profile has it: what they type to sign. */
  therapistName: string;
}

/** The matched referral a visit belongs to. */
export interface VisitSetting {
  referralId: string;
  discipline: ReferralDiscipline;
  /** The patient's ZIP: check-in and check-out are read at its center, so no visit is flagged. */
  patientZip: string;
  /** Who signs at check-out (the patient attests every demo visit, so none is flagged). */
  patientName: string;
  timeZone: string;
  returnMessage?: string;
}

/** A looped scrawl across the signature pad's 600x200 grid: the patient's signature at each demo check-out. */
const DEMO_SIGNATURE: [number, number][][] = [
  Array.from({ length: 24 }, (_, i): [number, number] => [40 + i * 20, Math.round(110 + 45 * Math.sin(i * 1.3) - i * 1.5)]),
  [
    [60, 170],
    [520, 165],
  ],
];

/** How long a demo visit lasted between check-in and check-out (of the 60 minutes planned). */
const VISIT_LENGTH = 55 * MINUTE;
/** A visit under way now began this long ago. */
const UNDER_WAY_FOR = 15 * MINUTE;
/** Visits that happen in the story are booked this far ahead (booking needs a time to come) and checked in at once. */
const BOOKING_LEAD = 2 * MINUTE;

const ORDER: readonly VisitStage[] = ['scheduled', 'in_progress', 'completed', 'documented', 'returned', 'approved', 'paid'];
const reached = (stage: VisitStage, step: VisitStage) => {
  // 'returned' and 'approved' are two ends of one review: neither reaches the other.
  if (step === 'returned') return stage === 'returned';
  if (stage === 'returned') return ORDER.indexOf(step) <= ORDER.indexOf('documented');
  return ORDER.indexOf(stage) >= ORDER.indexOf(step);
};

function plannedStart(when: VisitWhen, now: Date, timeZone: string): Date {
  if (when === 'now') return new Date(now.getTime() - UNDER_WAY_FOR);
  if ('laterTodayAt' in when) return laterToday(now, timeZone, when.laterTodayAt);
  return wallClock(now, timeZone, when.days, when.hour, when.minute ?? 0);
}

/**
 * Books one visit and takes it as far as its stage, each step through its use case and by the
 * party who takes it: the therapist books, checks in and out and signs; the agency reviews; the
 * manager settles the ledger. A visit that has happened is booked two minutes ahead, checked in,
 * given its length (time-passes.ts) and checked out, then moved to its day in the week.
 */
export async function playVisit(deps: StoryDeps, setting: VisitSetting, cast: VisitCast, visit: DemoVisit, now: Date): Promise<void> {
  const start = plannedStart(visit.when, now, setting.timeZone);
  const bookedFor = visit.stage === 'scheduled' ? start : new Date(Date.now() + BOOKING_LEAD);
  const booked = await scheduleVisit(deps, {
    ...cast.therapist,
    referralId: setting.referralId,
    input: { serviceId: visit.service, scheduledStart: bookedFor.toISOString(), durationMinutes: 60 },
  });
  if (visit.stage === 'scheduled') return;
  const visitId = booked.id;

  const center = locateZip(setting.patientZip);
  if (!center) throw new Error(`demo patient ZIP ${setting.patientZip} is unknown`);
  const reading = { latitude: center.latitude, longitude: center.longitude, accuracyMeters: 12 };
  await verifyVisit(deps, { ...cast.therapist, visitId, end: 'check_in', input: reading });
  if (visit.stage === 'in_progress') {
    await visitTimePasses(deps.database.db, visitId, bookedFor.getTime() - start.getTime());
    return;
  }
  await visitTimePasses(deps.database.db, visitId, VISIT_LENGTH);
  const attestation = { kind: 'signature' as const, signer: 'patient' as const, signerName: setting.patientName, strokes: DEMO_SIGNATURE };
  await verifyVisit(deps, { ...cast.therapist, visitId, end: 'check_out', input: { ...reading, attestation } });
  const sinceStart = bookedFor.getTime() - VISIT_LENGTH - start.getTime();
  if (sinceStart < 0 || sinceStart > 30 * 24 * HOUR) throw new Error(`a demo visit that has happened must start in the last month, not at ${start.toISOString()}`);
  await visitTimePasses(deps.database.db, visitId, sinceStart);
  if (!reached(visit.stage, 'documented')) return;

  const documentation = { ...deps, paymentProvider: deps.payments.name };
  await saveDraft(documentation, { ...cast.therapist, visitId, input: { content: demoNote(visit.service, setting.discipline) } });
  await signNote(documentation, { ...cast.therapist, visitId, input: { signedName: cast.therapistName } });
  if (visit.stage === 'returned') {
    const message = setting.returnMessage ?? 'Please complete the plan section and sign again.';
    await reviewNote(documentation, { ...cast.agency, visitId, input: { action: 'return', message } });
    return;
  }
  if (!reached(visit.stage, 'approved')) return;
  await reviewNote(documentation, { ...cast.agency, visitId, input: { action: 'approve' } });
  if (visit.stage === 'paid' && deps.payments.name === 'ledger') await settleInLedger(deps, cast, visitId);
}

/** The manager records the visit's invoice line and payout as settled, as on the payments page. */
async function settleInLedger(deps: StoryDeps, cast: VisitCast, visitId: string): Promise<void> {
  const ledger = await listLedger(deps, { filters: { therapistId: cast.therapist.actor.userId } });
  const line = ledger.invoiceLines.find((item) => item.visitId === visitId);
  const payout = ledger.payouts.find((item) => item.visitId === visitId);
  if (!line || !payout) throw new Error(`visit ${visitId} was approved but is not in the ledger`);
  await markPaid(deps, { ...cast.manager, kind: 'invoice-line', id: line.id });
  await markPaid(deps, { ...cast.manager, kind: 'payout', id: payout.id });
}
