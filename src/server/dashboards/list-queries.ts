import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { namedStatement } from '../db/named-statement';
import { afterKey, type KeyPart, type PageRequest } from '../http/keyset';

/**
 * The agency's paged lists beside its dashboard (network therapists, patient records). Each is one
 * statement: `(count) left join lateral (page)` answers the total even when the page is empty, and
 * the page's per-row facts are computed for its rows only (after the limit), never for the whole
 * list. Scoped by the agency's id in each `where`.
 *
 * Each is a named prepared statement in two shapes (the first page, a later one): planning these
 * statements cost more than running them.
 */

const MATCHED = sql.raw(`('matched','in_progress','completed')`);

/** Both lists: the latest match first, then the id (unique), as http/keyset.ts requires. */
export const matchedKeyParts: readonly KeyPart[] = ['timestamp', 'text'];
export const patientKeyParts: readonly KeyPart[] = ['timestamp', 'uuid'];

type Keyed<T> = T & { sort_key: string };
type Counted<T> = T & { total: number; sort_key: string | null };

/** The values a page's statement binds: the agency, the page's length (one more, see splitPage) and the cursor. */
function pageValues(agencyId: string, page: PageRequest) {
  return { agencyId, limit: page.limit + 1, afterAt: page.after?.[0], afterId: page.after?.[1] };
}

const afterValues = [sql.placeholder('afterAt'), sql.placeholder('afterId')] as const;

/** The total, and the page's rows without the lone row of an empty page (which only carries the total, its other fields null). */
function counted<T>(found: Counted<T>[]): { total: number; rows: Keyed<T>[] } {
  return { total: found[0]?.total ?? 0, rows: found.filter((row): row is Keyed<T> & { total: number } => row.sort_key !== null) };
}

/** A page statement in its two shapes: `build` is given the cursor condition of a later page, or nothing. */
function pageStatements<T>(name: string, build: (after: SQL | undefined) => SQL, columns: readonly SQL[], parts: readonly KeyPart[]) {
  const first = namedStatement<Counted<T>>(`${name}-first`, build(undefined));
  const later = namedStatement<Counted<T>>(`${name}-after`, build(afterKey(columns, parts, afterValues)));
  return async (pool: pg.Pool, agencyId: string, page: PageRequest) => counted<T>(await (page.after ? later : first)(pool, pageValues(agencyId, page)));
}

/** A page's row. Its sort key is its latest match as PostgreSQL's text, which the entry sends (db/iso-timestamp.ts). */
export interface NetworkTherapistRow {
  id: string;
  first_name: string;
  last_name: string;
  disciplines: string[];
  referrals_count: number;
  active_referrals: number;
}

/**
 * A page of the therapists matched to the agency's referrals, the latest match first. The page is
 * cut from the agency's matches grouped by therapist: one pass over the agency's matched referrals
 * in the partial (agency_id, matched_at, id, matched_therapist_id, status) index, which holds all
 * the grouping reads (an index-only scan, not a heap fetch per match), bounded by that agency's
 * own history; the total
 * is the number of groups, counted in the same pass. Profiles are read by key for the page's rows.
 */
export const networkTherapistsPage = pageStatements<NetworkTherapistRow>(
  'carerelay-network-therapists',
  (after) => sql`
    with n as (
      select matched_therapist_id as id, count(*)::int as referrals_count,
             (count(*) filter (where status in ('matched','in_progress')))::int as active_referrals,
             max(matched_at) as last_matched_at
      from referrals
      where agency_id = ${sql.placeholder('agencyId')} and matched_at is not null and matched_therapist_id is not null
      group by matched_therapist_id
    )
    select c.total, p.*
    from (select count(*)::int as total from n) c
    left join lateral (
      select t.id, t.first_name, t.last_name, t.disciplines, k.referrals_count, k.active_referrals, k.last_matched_at::text as sort_key
      -- The page's groups first, then their profiles: a lookup for each row of the page, not for each group.
      from (select * from n ${after ? sql`where ${after}` : sql``} order by n.last_matched_at desc, n.id desc limit ${sql.placeholder('limit')}) k
      -- Each therapist by primary key ("offset 0" keeps it a per-row lookup: joined, the planner hashes all 5,000 profiles).
      cross join lateral (select id, first_name, last_name, disciplines from therapist_profiles where id = k.id offset 0) t
      order by k.last_matched_at desc, k.id desc
    ) p on true`,
  [sql`n.last_matched_at`, sql`n.id`],
  matchedKeyParts,
);

/** A page's row. Its sort key is its match time as PostgreSQL's text, which the entry sends (db/iso-timestamp.ts). */
export interface PatientRecordRow {
  referral_id: string;
  reference_number: number;
  status: string;
  discipline: string;
  city: string;
  state: string;
  therapist_name: string;
  details_added: boolean;
  visits_done: number;
  visits_total: number;
}

/**
 * A page of the agency's matched referrals, the latest match first: a backward range scan of the
 * partial (agency_id, matched_at, id, ...) index. The total is counted over the (agency_id, status)
 * index alone (index-only); the visits done and ordered are the referral's own columns.
 */
export const patientRecordsPage = pageStatements<PatientRecordRow>(
  'carerelay-patient-records',
  (after) => sql`
    select c.total, p.*
    from (select count(*)::int as total from referrals where agency_id = ${sql.placeholder('agencyId')} and status in ${MATCHED}) c
    left join lateral (
      select r.id as referral_id, r.reference_number, r.status, r.discipline, r.patient_city as city, r.patient_state as state,
             r.matched_at::text as sort_key, t.therapist_name,
             exists (select 1 from patients p where p.referral_id = r.id) as details_added,
             -- Kept on the referral by triggers (migration 0026): its visits done, and those it
             -- ordered, not those booked so far ("1 of 9", not "1 of 1").
             r.visits_done, r.visits_ordered as visits_total
      from referrals r
      -- The therapist by primary key for each of these rows, not a hash of every profile.
      cross join lateral (select first_name || ' ' || last_name as therapist_name from therapist_profiles where id = r.matched_therapist_id offset 0) t
      where r.agency_id = ${sql.placeholder('agencyId')} and r.status in ${MATCHED} and r.matched_at is not null ${after ? sql`and ${after}` : sql``}
      order by r.matched_at desc, r.id desc
      limit ${sql.placeholder('limit')}
    ) p on true`,
  [sql`r.matched_at`, sql`r.id`],
  patientKeyParts,
);
