import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agencyProfiles, referralOffers, referralResponses, referrals, therapistRates } from '../db/schema/index';
import { afterKey, type PageRequest } from '../http/keyset';
import { summaryFactColumns } from './queries';

/**
 * The referral lists, a keyset page at a time (see http/keyset.ts): the agency's referrals under a
 * status filter and the therapist's views of 'Referrals near me'. Each page is one statement with
 * its total. Tenant scoping is in each `where`: the agency's id, or the therapist's offers or match.
 *
 * A page is a named prepared statement, built once for each shape (filter or view, first page or a
 * later one) and database: PostgreSQL parses it once per connection and, after its first runs,
 * plans it once (a generic plan: an index range scan of the tenant's rows whatever the values), and
 * drizzle builds its SQL once. Planning and building were most of a page's cost, not the reading.
 */

export const agencyListFilters = {
  all: undefined,
  open: inArray(referrals.status, ['posted']),
  draft: inArray(referrals.status, ['draft']),
  matched: inArray(referrals.status, ['matched', 'in_progress']),
  closed: inArray(referrals.status, ['completed', 'cancelled', 'expired']),
} satisfies Record<string, SQL | undefined>;
export type AgencyListFilter = keyof typeof agencyListFilters;

/** The agency list's sort key: newest first, the id breaking ties (see http/keyset.ts). */
export const agencyListKey = { parts: ['timestamp', 'uuid'] as const, columns: [referrals.createdAt, referrals.id] };

/**
 * What a summary in the agency's list shows of the referral itself: its columns read for a page,
 * not every column of the row (the clinical summary, the lifecycle stamps) to be dropped by the
 * presenter.
 */
export const agencySummaryColumns = {
  id: referrals.id,
  referenceNumber: referrals.referenceNumber,
  status: referrals.status,
  discipline: referrals.discipline,
  patientZip: referrals.patientZip,
  patientCity: referrals.patientCity,
  patientState: referrals.patientState,
  latitude: referrals.latitude,
  longitude: referrals.longitude,
  visitFrequency: referrals.visitFrequency,
  startBy: referrals.startBy,
  urgency: referrals.urgency,
  createdAt: referrals.createdAt,
  postedAt: referrals.postedAt,
  expiresAt: referrals.expiresAt,
  matchedAt: referrals.matchedAt,
};

/** The cursor's values, bound when a later page runs. */
const afterValues = [sql.placeholder('afterAt'), sql.placeholder('afterId')] as const;

/** A prepared statement for each shape, per database (a test may run several apps, each with its own pool). */
function preparedPer<Shape extends string, Query>(build: (db: Db, shape: Shape, name: string) => Query) {
  const byDb = new WeakMap<Db, Map<Shape, Query>>();
  return (db: Db, shape: Shape, name: string): Query => {
    let queries = byDb.get(db);
    if (!queries) byDb.set(db, (queries = new Map()));
    let query = queries.get(shape);
    if (!query) queries.set(shape, (query = build(db, shape, name)));
    return query;
  };
}

function cursorValues(page: PageRequest) {
  return { limit: page.limit + 1, afterAt: page.after?.[0], afterId: page.after?.[1] };
}

/**
 * How many referrals the agency has under the filter: counted over the (agency_id, status) index
 * alone (an index-only scan of the agency's entries), so it costs what the agency's own rows cost
 * and never a scan of every agency's. A maintained counter would save that scan but must follow
 * every status move; an agency has hundreds of referrals, not millions.
 */
function countAgencyReferralsQuery(db: Db, agencyId: string | Placeholder, filter: AgencyListFilter) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(eq(referrals.agencyId, agencyId), agencyListFilters[filter]));
}

export async function countAgencyReferrals(db: Db, agencyId: string, filter: AgencyListFilter): Promise<number> {
  const [row] = await countAgencyReferralsQuery(db, agencyId, filter);
  return row?.count ?? 0;
}

function agencyListQuery(db: Db, which: SQL | undefined, total: SQL<number>) {
  const agencyId = sql.placeholder('agencyId');
  return db
    .select({ referral: agencySummaryColumns, createdAtKey: sql<string>`${referrals.createdAt}::text`, facts: summaryFactColumns, total })
    .from(referrals)
    .where(and(eq(referrals.agencyId, agencyId), which))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(sql.placeholder('limit'));
}

type AgencyPageShape = `${AgencyListFilter}:${'first' | 'after'}`;

const agencyPage = preparedPer((db: Db, shape: AgencyPageShape, name: string) => {
  const [filter, from] = shape.split(':') as [AgencyListFilter, 'first' | 'after'];
  const after = from === 'after' ? afterKey(agencyListKey.columns, agencyListKey.parts, afterValues) : undefined;
  // The total is an uncorrelated subquery, which PostgreSQL computes once for the statement.
  const total = sql<number>`(${countAgencyReferralsQuery(db, sql.placeholder('agencyId'), filter)})`;
  return agencyListQuery(db, and(agencyListFilters[filter], after), total).prepare(name);
});

/**
 * One page of the agency's referrals under a status filter, newest first, with their summary facts
 * and the total under the filter, in one statement; or, given a reference number, the one referral
 * of theirs that carries it whatever its status (a search looks for one record, not within a tab).
 * A page is a backward range scan of (agency_id, created_at, id); each row carries its sort key as
 * PostgreSQL's text so the cursor keeps microseconds.
 */
export async function listAgencyReferralRows(db: Db, agencyId: string, filter: AgencyListFilter, options: { reference?: number; page: PageRequest }) {
  if (options.reference !== undefined) {
    return agencyListQuery(db, eq(referrals.referenceNumber, options.reference), sql<number>`1`).execute({ agencyId, limit: options.page.limit + 1 });
  }
  const shape: AgencyPageShape = `${filter}:${options.page.after ? 'after' : 'first'}`;
  return agencyPage(db, shape, `carerelay-agency-referrals-${filter}-${options.page.after ? 'after' : 'first'}`).execute({ agencyId, ...cursorValues(options.page) });
}

export type TherapistListView = 'open' | 'mine' | 'hidden';

/** The therapist lists' sort key: posted (open, hidden) or matched (mine) newest first, the id breaking ties. */
export const therapistListKeyParts = ['timestamp', 'uuid'] as const;

type TherapistRef = string | Placeholder;

function therapistView(therapistId: TherapistRef, view: TherapistListView) {
  if (view === 'mine') return { sortedBy: referrals.matchedAt, id: referrals.id, where: eq(referrals.matchedTherapistId, therapistId) };
  // An offer carries its referral's posted time and expiry while the referral is posted (kept by
  // triggers, migration 0026): the view is a range of the therapist's own offers in their partial
  // index, not a join with every posted referral.
  const open = and(isNotNull(referralOffers.openPostedAt), sql`${referralOffers.openExpiresAt} > now()`);
  const hidden = view === 'hidden' ? isNotNull(referralOffers.hiddenAt) : isNull(referralOffers.hiddenAt);
  return { sortedBy: referralOffers.openPostedAt, id: referralOffers.referralId, where: and(eq(referralOffers.therapistId, therapistId), open, hidden) };
}

/**
 * How many referrals a view holds: the same predicate as its pages, over the same indexes (the
 * therapist's matches, or their offers joined to referrals by key), counted rather than read.
 */
function countTherapistReferralsQuery(db: Db, therapistId: TherapistRef, view: TherapistListView) {
  const { where } = therapistView(therapistId, view);
  const count = { count: sql<number>`count(*)::int` };
  return view === 'mine'
    ? db.select(count).from(referrals).where(where)
    : db.select(count).from(referralOffers).where(where);
}

export async function countTherapistReferrals(db: Db, therapistId: string, view: TherapistListView): Promise<number> {
  const [row] = await countTherapistReferralsQuery(db, therapistId, view);
  return row?.count ?? 0;
}

type TherapistPageShape = `${TherapistListView}:${'first' | 'after'}`;

/**
 * What an entry of 'Referrals near me' shows (TherapistReferralSummary), read as the page's columns:
 * the referral's own, its services (kept on the referral), the agency's name and the therapist's
 * answer (joined by key: the answer's status only), the offer's distance and whether it is hidden,
 * and the therapist's own rates. Not the clinical summary, the lifecycle times or the answer's
 * rates and notes, which the referral's page shows: the page's rows were twice as wide with them,
 * and every column is parsed, mapped and sent for each of 25 entries.
 */
function therapistSummaryColumns(therapistId: Placeholder) {
  return {
    id: referrals.id,
    referenceNumber: referrals.referenceNumber,
    status: referrals.status,
    discipline: referrals.discipline,
    patientZip: referrals.patientZip,
    patientCity: referrals.patientCity,
    patientState: referrals.patientState,
    latitude: referrals.latitude,
    longitude: referrals.longitude,
    visitFrequency: referrals.visitFrequency,
    startBy: referrals.startBy,
    orderedStartOfCare: referrals.orderedStartOfCare,
    urgency: referrals.urgency,
    expiresAt: referrals.expiresAt,
    matchedToMe: sql<boolean>`coalesce(${referrals.matchedTherapistId} = ${therapistId}, false)`,
    services: referrals.servicesSummary,
    // Joined by key (below): as a subquery of its own, PostgreSQL read the 200-row table whole for each entry.
    agencyName: agencyProfiles.companyName,
    distanceMiles: referralOffers.distanceMiles,
    hidden: sql<boolean>`(${referralOffers.hiddenAt} is not null)`,
    responseStatus: referralResponses.status,
    // The therapist's own rates, the same on every row: an uncorrelated subquery, computed once.
    myRates: sql<Record<string, number>>`(select coalesce(json_object_agg(${therapistRates.serviceId}, ${therapistRates.rate}::float8), '{}')
      from ${therapistRates} where ${therapistRates.therapistId} = ${therapistId})`,
  };
}

/**
 * Entries of 'Referrals near me' with their sort key and total, before their `where`: from the
 * therapist's offers (open, hidden), or from the referrals with the therapist's offer if any (those
 * matched to them, a search by reference).
 */
function therapistEntriesQuery(db: Db, therapistId: Placeholder, from: 'offers' | 'referrals', sortedBy: SQLWrapper, total: SQL<number>) {
  const fields = { referral: therapistSummaryColumns(therapistId), sortKey: sql<string>`${sortedBy}::text`, total };
  const query =
    from === 'referrals'
      ? db
          .select(fields)
          .from(referrals)
          .leftJoin(referralOffers, and(eq(referralOffers.referralId, referrals.id), eq(referralOffers.therapistId, therapistId)))
      : db.select(fields).from(referralOffers).innerJoin(referrals, eq(referrals.id, referralOffers.referralId));
  return query
    .leftJoin(referralResponses, and(eq(referralResponses.referralId, referrals.id), eq(referralResponses.therapistId, therapistId)))
    .leftJoin(agencyProfiles, eq(agencyProfiles.id, referrals.agencyId));
}

const therapistPage = preparedPer((db: Db, shape: TherapistPageShape, name: string) => {
  const [view, from] = shape.split(':') as [TherapistListView, 'first' | 'after'];
  const therapistId = sql.placeholder('therapistId');
  const { sortedBy, id, where } = therapistView(therapistId, view);
  const after = from === 'after' ? afterKey([sortedBy, id], therapistListKeyParts, afterValues) : undefined;
  // The total rides on each row: an uncorrelated subquery, computed once for the statement.
  const total = sql<number>`(${countTherapistReferralsQuery(db, therapistId, view)})`;
  return therapistEntriesQuery(db, therapistId, view === 'mine' ? 'referrals' : 'offers', sortedBy, total)
    .where(and(where, after))
    .orderBy(desc(sortedBy), desc(id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
});

/**
 * A referral a therapist can reach (offered or matched to them, as findTherapistReferral), found by
 * its reference number in any view, as an entry: a search looks for one record, wherever it stands.
 */
export async function findTherapistEntriesByReference(db: Db, therapistId: string, reference: number) {
  const query = therapistEntriesQuery(db, sql.placeholder('therapistId'), 'referrals', referrals.createdAt, sql<number>`1`);
  return query
    .where(and(eq(referrals.referenceNumber, reference), or(eq(referrals.matchedTherapistId, therapistId), isNotNull(referralOffers.therapistId))))
    .execute({ therapistId });
}

/**
 * One page of a view of 'Referrals near me', each row what its entry shows (therapistSummaryColumns),
 * in one statement. 'mine' is a backward range scan of (matched_therapist_id, matched_at, id); 'open'
 * and 'hidden' a backward range scan of the therapist's open offers (referral_offers_open_index),
 * whose referrals are read by key.
 */
export async function listTherapistReferralRows(db: Db, therapistId: string, view: TherapistListView, page: PageRequest) {
  const from = page.after ? 'after' : 'first';
  return therapistPage(db, `${view}:${from}`, `carerelay-therapist-referrals-${view}-${from}`).execute({ therapistId, ...cursorValues(page) });
}

/** What an entry of 'Referrals near me' is presented from (presenters.ts). */
export type TherapistSummaryRow = Awaited<ReturnType<typeof listTherapistReferralRows>>[number]['referral'];
