import { serviceTypes } from '../../domain/accounts';
import type { AgencyReferral, ResponseView, TherapistReferral } from '../../domain/referrals';
import type { AgencyReferralSummary, TherapistReferralSummary } from '../../domain/referral-summaries';
import { referralLabel } from '../../domain/referral-reference';
import { describeVisitFrequency, parseVisitFrequency } from '../../domain/visit-frequency';
import type { Db } from '../db/client';
import { timestampIso } from '../db/iso-timestamp';
import type { AgencyEntryRow, TherapistEntryRow } from './list-queries';
import { verifiedBadgesOf } from '../therapist-profile/badges';
import {
  agencyNamesOf,
  agreedRatesOf,
  offerCounts,
  ratesOf,
  referralIdsWithPatient,
  responsesOfTherapist,
  responsesWithTherapists,
  servicesOf,
  type ReferralRow,
  type ReferralServiceRow,
  type ReferralSummaryFacts,
  type ResponseRow,
} from './queries';

/** Whitelisted views of referrals: what each side may see, and nothing else. */

const iso = (date: Date | null) => date?.toISOString() ?? null;
const serviceName = (id: string) => serviceTypes.find((service) => service.id === id)?.name ?? id;
const serviceOrder = (id: string) => serviceTypes.findIndex((service) => service.id === id);

function presentServices(rows: Pick<ReferralServiceRow, 'serviceId' | 'visitCount' | 'offeredRate'>[]) {
  return [...rows]
    .sort((a, b) => serviceOrder(a.serviceId) - serviceOrder(b.serviceId))
    .map((row) => ({ serviceId: row.serviceId as AgencyReferral['services'][number]['serviceId'], name: serviceName(row.serviceId), visitCount: row.visitCount, offeredRate: row.offeredRate }));
}

function frequencyFacts(text: string) {
  const parsed = parseVisitFrequency(text);
  return 'error' in parsed ? { visitFrequencyText: text, totalVisits: 0 } : { visitFrequencyText: describeVisitFrequency(parsed), totalVisits: parsed.totalVisits };
}

/**
 * Patients' short names by referral id, for the labels: given only for what the caller may read at
 * aal2 (patients/short-names.ts); a referral absent from it is labelled by its place.
 */
export type PatientShortNames = ReadonlyMap<string, string>;
const noNames: PatientShortNames = new Map();

function reference(row: Pick<ReferralRow, 'id' | 'referenceNumber' | 'patientCity' | 'patientState'>, names: PatientShortNames) {
  const label = referralLabel({ referenceNumber: row.referenceNumber, city: row.patientCity, state: row.patientState, patientShortName: names.get(row.id) });
  return { referenceNumber: row.referenceNumber, referenceLabel: label };
}

/** What a referral's presentation reads of its row: not the facts kept on it for the lists, nor its bookkeeping. */
export type PresentedReferralRow = Omit<ReferralRow, 'offerCount' | 'responseCount' | 'visitsDone' | 'visitsOrdered' | 'servicesSummary' | 'updatedAt' | 'closedAt' | 'matchedResponseId'>;

function presentCore(row: PresentedReferralRow, services: ReferralSummaryFacts['services'], agencyName: string, hasPatient: boolean, names: PatientShortNames) {
  return {
    id: row.id,
    ...reference(row, names),
    status: row.status,
    discipline: row.discipline,
    services: presentServices(services),
    place: { zip: row.patientZip, city: row.patientCity, state: row.patientState, latitude: row.latitude, longitude: row.longitude },
    visitFrequency: row.visitFrequency,
    ...frequencyFacts(row.visitFrequency),
    startBy: row.startBy,
    orderedStartOfCare: row.orderedStartOfCare,
    urgency: row.urgency,
    clinicalSummary: row.clinicalSummary,
    offerOpenHours: row.offerOpenHours,
    instantConfirm: row.instantConfirm,
    agencyName,
    createdAt: row.createdAt.toISOString(),
    postedAt: iso(row.postedAt),
    expiresAt: iso(row.expiresAt),
    firstResponseAt: iso(row.firstResponseAt),
    matchedAt: iso(row.matchedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    hasPatient,
  };
}

export function presentResponse(row: ResponseRow): ResponseView {
  return {
    id: row.id,
    status: row.status,
    requestedRates: row.requestedRates,
    counterRates: row.counterRates ?? null,
    counterNote: row.counterNote,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Minutes from posted to matched: the fill time the dashboards report. */
export function fillMinutes(row: Pick<ReferralRow, 'postedAt' | 'matchedAt'>): number | null {
  if (!row.postedAt || !row.matchedAt) return null;
  return Math.round(((row.matchedAt.getTime() - row.postedAt.getTime()) / 60_000) * 10) / 10;
}

export async function presentAgencyReferral(db: Db, row: ReferralRow, names: PatientShortNames = noNames): Promise<AgencyReferral> {
  const [services, agencyNames, withPatient, counts, responses, agreedRates] = await Promise.all([
    servicesOf(db, [row.id]),
    agencyNamesOf(db, [row.agencyId]),
    referralIdsWithPatient(db, [row.id]),
    offerCounts(db, [row.id]),
    responsesWithTherapists(db, row.id),
    agreedRatesOf(db, row.id),
  ]);
  const badges = await verifiedBadgesOf(
    db,
    responses.map(({ therapist }) => therapist.id),
  );
  const presented = responses.map(({ response, therapist, distanceMiles }) => ({
    ...presentResponse(response),
    therapist: {
      therapistId: therapist.id,
      firstName: therapist.firstName,
      lastName: therapist.lastName,
      disciplines: therapist.disciplines,
      licenseState: therapist.licenseState,
      licenseExpiry: therapist.licenseExpiry,
      verificationStatus: therapist.status,
      badge: badges.get(therapist.id) ?? null,
      yearsExperience: therapist.yearsExperience,
      distanceMiles: distanceMiles ?? null,
    },
  }));
  return {
    ...presentCore(row, services.get(row.id) ?? [], agencyNames.get(row.agencyId) ?? '', withPatient.has(row.id), names),
    notifiedCount: counts.get(row.id) ?? 0,
    fillMinutes: fillMinutes(row),
    responses: presented,
    matchedTherapist: presented.find((r) => r.therapist.therapistId === row.matchedTherapistId)?.therapist ?? null,
    agreedRates,
  };
}

/**
 * A referral its agency has just created (and perhaps posted), from what the use case knows: it
 * has no patient, responses nor agreed rates yet, so nothing needs reading back.
 */
export function presentNewAgencyReferral(row: ReferralRow, services: ReferralServiceRow[], agencyName: string, notifiedCount: number): AgencyReferral {
  return { ...presentCore(row, services, agencyName, false, noNames), notifiedCount, fillMinutes: null, responses: [], matchedTherapist: null, agreedRates: null };
}

/** Entries of an agency's list (or the managers'), from the rows their statement read (list-queries.ts). */
export function presentAgencyEntries(rows: AgencyEntryRow[], names: PatientShortNames = noNames): AgencyReferralSummary[] {
  return rows.map((row) => ({
    id: row.id,
    ...reference(row, names),
    status: row.status,
    discipline: row.discipline,
    place: { zip: row.patientZip, city: row.patientCity, state: row.patientState },
    startBy: row.startBy,
    urgency: row.urgency,
    postedAt: timestampIso(row.postedAt),
    services: presentServices(row.services),
    notifiedCount: row.notifiedCount,
    responseCount: row.responseCount,
    matchedTherapistName: row.matchedTherapistName,
  }));
}

/** What a therapist's view of a referral shows beside the referral's columns. */
interface TherapistReferralFacts {
  services: ReferralSummaryFacts['services'];
  agencyName: string | null;
  hasPatient: boolean;
  myRates: Record<string, number>;
  response: ResponseRow | null;
}

type TherapistItem = { referral: PresentedReferralRow; offer: { distanceMiles: number; hiddenAt: Date | null } | null };

function presentTherapistReferral({ referral, offer }: TherapistItem, therapistId: string, facts: TherapistReferralFacts, names: PatientShortNames): TherapistReferral {
  const matchedToMe = referral.matchedTherapistId === therapistId;
  return {
    ...presentCore(referral, facts.services, facts.agencyName ?? '', matchedToMe && facts.hasPatient, names),
    distanceMiles: offer?.distanceMiles ?? null,
    myRates: facts.myRates,
    myResponse: facts.response ? presentResponse(facts.response) : null,
    matchedToMe,
    hidden: Boolean(offer?.hiddenAt),
  };
}

/** Entries of 'Referrals near me', from the rows their page's statement read (list-queries.ts). */
export function presentTherapistSummaries(rows: TherapistEntryRow[], names: PatientShortNames = noNames): TherapistReferralSummary[] {
  return rows.map((row) => ({
    id: row.id,
    ...reference(row, names),
    status: row.status,
    discipline: row.discipline,
    services: presentServices(row.services),
    place: { zip: row.patientZip, city: row.patientCity, state: row.patientState, latitude: row.latitude, longitude: row.longitude },
    visitFrequency: row.visitFrequency,
    ...frequencyFacts(row.visitFrequency),
    startBy: row.startBy,
    orderedStartOfCare: row.orderedStartOfCare,
    urgency: row.urgency,
    agencyName: row.agencyName ?? '',
    expiresAt: timestampIso(row.expiresAt),
    // Null on a referral matched to the therapist without an offer to them.
    distanceMiles: row.distanceMiles,
    myRates: row.myRates,
    myResponse: row.responseStatus ? { status: row.responseStatus } : null,
    matchedToMe: row.matchedToMe,
    hidden: row.hidden,
  }));
}

/** Referrals as their therapist sees them, their facts read here (a referral's page, a search by reference). */
export async function presentTherapistReferrals(db: Db, therapistId: string, items: TherapistItem[], names: PatientShortNames = noNames): Promise<TherapistReferral[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.referral.id);
  const agencyIds = [...new Set(items.map((item) => item.referral.agencyId))];
  const [services, agencyNames, withPatient, responses, rates] = await Promise.all([
    servicesOf(db, ids),
    agencyNamesOf(db, agencyIds),
    referralIdsWithPatient(db, ids),
    responsesOfTherapist(db, therapistId, ids),
    ratesOf(db, [therapistId]),
  ]);
  const myRates = rates.get(therapistId) ?? {};
  return items.map((item) => {
    const { id, agencyId } = item.referral;
    const facts = { services: services.get(id) ?? [], agencyName: agencyNames.get(agencyId) ?? '', hasPatient: withPatient.has(id), myRates, response: responses.get(id) ?? null };
    return presentTherapistReferral(item, therapistId, facts, names);
  });
}
