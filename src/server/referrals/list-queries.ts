import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ResponseStatus } from '../../domain/referrals';
import type { Db } from '../db/client';
import { timestampText } from '../db/iso-timestamp';
import { namedStatement, selectList, type Queryable } from '../db/named-statement';
import { agencyProfiles, referralOffers, referralResponses, referrals, therapistRates } from '../db/schema/index';
import { afterKey, type PageRequest } from '../http/keyset';
import { summaryFactColumns } from './queries';

/**
 * The referral lists, a keyset page at a time (see http/keyset.ts): the agency's referrals under a
 * status filter and the therapist's views of 'Referrals near me'. Each page is one statement with
 * its total. Tenant scoping is in each `where`: the agency's id, or the therapist's offers or match.
 *
 * A page is a named prepared statement (db/named-statement.ts), one for each shape (filter or view,
 * first page or a later one): PostgreSQL parses it once per connection and, after its first runs,
 * plans it once (a generic plan: an index range scan of the tenant's rows whatever the values), and
 * its SQL is built once. Its rows come back as pg parses them, keyed by the entry's field names,
 * timestamps and dates as text (db/iso-timestamp.ts): drizzle mapping each value, and a Date parsed
 * and formatted back for each timestamp, were a third of a page's Node time.
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
 * What an entry of an agency's list shows (AgencyReferralSummary, presenters.ts): the referral's
 * columns it shows, not the whole row, and the summary facts kept on it (queries.ts).
 */
export const agencyEntryColumns = {
  id: referrals.id,
  referenceNumber: referrals.referenceNumber,
  status: referrals.status,
  discipline: referrals.discipline,
  patientZip: referrals.patientZip,
  patientCity: referrals.patientCity,
  patientState: referrals.patientState,
  startBy: sql<string>`${referrals.startBy}::text`,
  urgency: referrals.urgency,
  postedAt: timestampText(referrals.postedAt),
  ...summaryFactColumns,
};
export type AgencyEntryRow = SelectResultFields<typeof agencyEntryColumns>;

/** A page's row: its entry, its sort key as PostgreSQL's text (the cursor keeps microseconds), and the list's total. */
type PageRow<Entry> = Entry & { sortKey: string; total: number };

/** The cursor's values, bound when a later page runs. */
const afterValues = [sql.placeholder('afterAt'), sql.placeholder('afterId')] as const;

function cursorValues(page: PageRequest) {
  return { limit: page.limit + 1, afterAt: page.after?.[0], afterId: page.after?.[1] };
}

/** A page statement in its two shapes: `build` is given the cursor condition of a later page, or nothing. */
function pageStatements<Row>(name: string, build: (after: SQL | undefined) => SQL, keyColumns: readonly SQLWrapper[]) {
  return {
    first: namedStatement<PageRow<Row>>(`${name}-first`, build(undefined)),
    after: namedStatement<PageRow<Row>>(`${name}-after`, build(afterKey(keyColumns, ['timestamp', 'uuid'], afterValues))),
  };
}

/**
 * How many referrals the agency has under the filter: counted over the (agency_id, status) index
 * alone (an index-only scan of the agency's entries), so it costs what the agency's own rows cost
 * and never a scan of every agency's. A maintained counter would save that scan but must follow
 * every status move; an agency has hundreds of referrals, not millions.
 */
function agencyScope(agencyId: string | Placeholder, filter: AgencyListFilter) {
  return and(eq(referrals.agencyId, agencyId), agencyListFilters[filter]);
}

export async function countAgencyReferrals(db: Db, agencyId: string, filter: AgencyListFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(agencyScope(agencyId, filter));
  return row?.count ?? 0;
}

const agencyId = sql.placeholder('agencyId');

/** A page of each filter: a backward range scan of (agency_id, created_at, id). */
const agencyPages = Object.fromEntries(
  (Object.keys(agencyListFilters) as AgencyListFilter[]).map((filter) => [
    filter,
    pageStatements<AgencyEntryRow>(
      `carerelay-agency-referrals-${filter}`,
      (after) => sql`select ${selectList(agencyEntryColumns)}, ${referrals.createdAt}::text as "sortKey",
          -- An uncorrelated subquery, which PostgreSQL computes once for the statement.
          (select count(*)::int from ${referrals} where ${agencyScope(agencyId, filter)}) as "total"
        from ${referrals} where ${and(agencyScope(agencyId, filter), after)}
        order by ${referrals.createdAt} desc, ${referrals.id} desc limit ${sql.placeholder('limit')}`,
      agencyListKey.columns,
    ),
  ]),
) as Record<AgencyListFilter, ReturnType<typeof pageStatements<AgencyEntryRow>>>;

/** The agency's referral with a reference number, whatever its status (a search looks for one record, not within a tab). */
const agencyEntryByReference = namedStatement<PageRow<AgencyEntryRow>>(
  'carerelay-agency-referral-by-reference',
  sql`select ${selectList(agencyEntryColumns)}, ${referrals.createdAt}::text as "sortKey", 1 as "total"
    from ${referrals} where ${and(eq(referrals.agencyId, agencyId), eq(referrals.referenceNumber, sql.placeholder('reference')))}`,
);

/**
 * One page of the agency's referrals under a status filter, newest first, with the total under the
 * filter, in one statement; or, given a reference number, the one referral of theirs that carries it.
 */
export async function listAgencyEntryRows(runner: Queryable, agencyId: string, filter: AgencyListFilter, options: { reference?: number; page: PageRequest }) {
  if (options.reference !== undefined) return agencyEntryByReference(runner, { agencyId, reference: options.reference });
  const page = agencyPages[filter];
  return (options.page.after ? page.after : page.first)(runner, { agencyId, ...cursorValues(options.page) });
}

/** Every agency's referrals, newest first, as entries with their agency's name: managers only. */
export async function listAgencyEntriesForManagers(db: Db, limit = 200) {
  return db
    .select({ ...agencyEntryColumns, agencyName: sql<string | null>`${agencyProfiles.companyName}` })
    .from(referrals)
    .leftJoin(agencyProfiles, eq(agencyProfiles.id, referrals.agencyId))
    .orderBy(desc(referrals.createdAt))
    .limit(limit);
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
 * therapist's matches, or their offers), counted rather than read.
 */
function countTherapistReferralsSql(therapistId: TherapistRef, view: TherapistListView): SQL<number> {
  return sql`(select count(*)::int from ${view === 'mine' ? referrals : referralOffers} where ${therapistView(therapistId, view).where})`;
}

/**
 * When the view next changes with time alone (ms since the epoch), or null: its first open offer
 * to expire leaves the open and hidden views then, announced or not. 'mine' does not move with time.
 */
function therapistViewUntilSql(therapistId: TherapistRef, view: TherapistListView): SQL<number | null> {
  if (view === 'mine') return sql<null>`null::float8`;
  return sql`(select extract(epoch from min(${referralOffers.openExpiresAt})) * 1000 from ${referralOffers} where ${therapistView(therapistId, view).where})::float8`;
}

export async function countTherapistReferrals(db: Db, therapistId: string, view: TherapistListView): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`select ${countTherapistReferralsSql(therapistId, view)} as count`);
  return rows[0]?.count ?? 0;
}

const therapistId = sql.placeholder('therapistId');

/**
 * What an entry of 'Referrals near me' shows (TherapistReferralSummary), read as the page's columns:
 * the referral's own, its services (kept on the referral), the agency's name and the therapist's
 * answer (joined by key: the answer's status only), the offer's distance and whether it is hidden,
 * and the therapist's own rates. Not the clinical summary, the lifecycle times or the answer's
 * rates and notes, which the referral's page shows. The joined tables' columns are null where
 * there is no row to join (no offer on a referral matched without one, no answer).
 */
const therapistEntryColumns = {
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
  startBy: sql<string>`${referrals.startBy}::text`,
  orderedStartOfCare: sql<string | null>`${referrals.orderedStartOfCare}::text`,
  urgency: referrals.urgency,
  expiresAt: timestampText(referrals.expiresAt),
  matchedToMe: sql<boolean>`coalesce(${referrals.matchedTherapistId} = ${therapistId}, false)`,
  services: referrals.servicesSummary,
  agencyName: sql<string | null>`${agencyProfiles.companyName}`,
  distanceMiles: sql<number | null>`${referralOffers.distanceMiles}`,
  hidden: sql<boolean>`(${referralOffers.hiddenAt} is not null)`,
  responseStatus: sql<ResponseStatus | null>`${referralResponses.status}`,
  // The therapist's own rates, the same on every row: an uncorrelated subquery, computed once.
  myRates: sql<Record<string, number>>`(select coalesce(json_object_agg(${therapistRates.serviceId}, ${therapistRates.rate}::float8), '{}')
    from ${therapistRates} where ${therapistRates.therapistId} = ${therapistId})`,
};
export type TherapistEntryRow = SelectResultFields<typeof therapistEntryColumns>;
/** A row of a therapist's page: its entry, and when the view next changes with time alone (therapistViewUntilSql). */
type TherapistPageEntry = TherapistEntryRow & { until: number | null };

/**
 * Entries of 'Referrals near me' with their sort key and total, from the therapist's offers (open,
 * hidden) or from the referrals with the therapist's offer if any (those matched to them, a search
 * by reference); the agency and the answer joined by key (as a subquery of its own, PostgreSQL read
 * the 200 agencies whole for each entry).
 */
function therapistEntries(from: 'offers' | 'referrals', sortedBy: SQLWrapper, total: SQL<number>, until: SQL<number | null>, where: SQL | undefined) {
  const rows =
    from === 'referrals'
      ? sql`${referrals} left join ${referralOffers} on ${and(eq(referralOffers.referralId, referrals.id), eq(referralOffers.therapistId, therapistId))}`
      : sql`${referralOffers} join ${referrals} on ${eq(referrals.id, referralOffers.referralId)}`;
  return sql`select ${selectList(therapistEntryColumns)}, ${sortedBy}::text as "sortKey", ${total} as "total", ${until} as "until"
    from ${rows}
    left join ${referralResponses} on ${and(eq(referralResponses.referralId, referrals.id), eq(referralResponses.therapistId, therapistId))}
    left join ${agencyProfiles} on ${eq(agencyProfiles.id, referrals.agencyId)}
    where ${where}`;
}

/**
 * A page of each view: 'mine' a backward range scan of (matched_therapist_id, matched_at, id); 'open'
 * and 'hidden' a backward range scan of the therapist's open offers (referral_offers_open_index),
 * whose referrals are read by key. The total is an uncorrelated subquery, computed once.
 */
const therapistPages = Object.fromEntries(
  (['open', 'mine', 'hidden'] as const).map((view) => {
    const { sortedBy, id, where } = therapistView(therapistId, view);
    return [
      view,
      pageStatements<TherapistPageEntry>(
        `carerelay-therapist-referrals-${view}`,
        (after) =>
          sql`${therapistEntries(view === 'mine' ? 'referrals' : 'offers', sortedBy, countTherapistReferralsSql(therapistId, view), therapistViewUntilSql(therapistId, view), and(where, after))}
            order by ${sortedBy} desc, ${id} desc limit ${sql.placeholder('limit')}`,
        [sortedBy, id],
      ),
    ];
  }),
) as Record<TherapistListView, ReturnType<typeof pageStatements<TherapistPageEntry>>>;

/**
 * A referral a therapist can reach (offered or matched to them, as findTherapistReferral), found by
 * its reference number in any view: a search looks for one record, wherever it stands.
 */
const therapistEntryByReference = namedStatement<PageRow<TherapistPageEntry>>(
  'carerelay-therapist-referral-by-reference',
  therapistEntries(
    'referrals',
    referrals.createdAt,
    sql<number>`1`,
    sql<null>`null::float8`,
    and(eq(referrals.referenceNumber, sql.placeholder('reference')), or(eq(referrals.matchedTherapistId, therapistId), isNotNull(referralOffers.therapistId))),
  ),
);

/** One page of a view of 'Referrals near me', or the entry carrying a reference number, each row what its entry shows. */
export async function listTherapistEntryRows(runner: Queryable, therapistId: string, view: TherapistListView, options: { reference?: number; page: PageRequest }) {
  if (options.reference !== undefined) return therapistEntryByReference(runner, { therapistId, reference: options.reference });
  const page = therapistPages[view];
  return (options.page.after ? page.after : page.first)(runner, { therapistId, ...cursorValues(options.page) });
}
