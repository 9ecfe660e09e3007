import { eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { businessToday } from '../../domain/business-date';
import type { CredentialForJudging, CredentialKind } from '../../domain/credentials';
import {
  daysOverdue,
  NO_LATE_NOTES,
  offerProblems,
  workProblems,
  type LateNotes,
  type StandingProblem,
  type Suspension,
} from '../../domain/work-standing';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { therapistCredentials, therapistProfiles } from '../db/schema/index';
import { locateZip } from '../geo/zip-centroids';

/**
 * The server's one read of a therapist's standing (credentials on file, suspension, late notes),
 * for every gate: the offers (batch, in eligibility.ts), confirming a match, checking in, and the
 * therapist's notice of why referrals stopped. The judgement itself is domain/work-standing.ts.
 */

/** The settings the gates read: REQUIRED_CREDENTIALS, LATE_NOTES_*, and when a note falls due. */
export type StandingConfig = Pick<Config, 'trust' | 'noteDueHours'>;

export type TherapistStanding = { credentials: CredentialForJudging[]; suspension: Suspension; lateNotes: LateNotes };

/** Every credential on file per therapist (the judgement names the ones that do not count). */
async function credentialsOf(db: Db, therapistIds: string[]): Promise<Map<string, CredentialForJudging[]>> {
  const byTherapist = new Map<string, CredentialForJudging[]>(therapistIds.map((id) => [id, []]));
  if (therapistIds.length === 0) return byTherapist;
  const rows = await db
    .select({
      therapistId: therapistCredentials.therapistId,
      kind: therapistCredentials.kind,
      status: therapistCredentials.status,
      issuer: therapistCredentials.issuer,
      expiresOn: therapistCredentials.expiresOn,
      compactPrivilege: therapistCredentials.compactPrivilege,
    })
    .from(therapistCredentials)
    .where(inArray(therapistCredentials.therapistId, therapistIds));
  for (const { therapistId, ...credential } of rows) byTherapist.get(therapistId)?.push(credential);
  return byTherapist;
}

/**
 * Overdue notes of the therapist whose id is `therapistId` (a column or a value), as the notes list
 * and the documentation sweep count them: a checked-out visit whose note was never signed
 * `noteDueHours` after check-out. One json value, {overdue, oldestDueMs}, so a query can carry it
 * as a column beside the therapist (the candidates of a referral: therapist-queries.ts).
 */
export function lateNotesColumn(therapistId: SQLWrapper, noteDueHours: Bound<number>, now: Bound<Date>) {
  return sql<{ overdue: number; oldestDueMs: number | null }>`(select json_build_object('overdue', count(*),
      'oldestDueMs', extract(epoch from min(v.check_out_at) + make_interval(hours => ${noteDueHours})) * 1000)
    from visits v where v.therapist_id = ${therapistId} and ${overdueNote(noteDueHours, now)})`;
}

/** A value, or the placeholder of a named statement's (db/named-statement.ts) that binds it on each run. */
type Bound<T> = T | Placeholder;

/** Visit `v` is checked out and its note still unsigned `noteDueHours` after check-out. */
function overdueNote(noteDueHours: Bound<number> | SQL, now: Bound<Date> | SQL) {
  return sql`v.status = 'completed'
    and v.check_out_at < ${now instanceof Date ? now.toISOString() : now}::timestamptz - make_interval(hours => ${noteDueHours})
    and not exists (select 1 from visit_notes n where n.visit_id = v.id and n.signed_at is not null)`;
}

/** What lateNotesColumn read, as the judgement takes it. */
export function lateNotesFrom(column: { overdue: number; oldestDueMs: number | null }, now: Date): LateNotes {
  if (column.overdue === 0 || column.oldestDueMs === null) return NO_LATE_NOTES;
  return { overdue: column.overdue, oldestDaysOverdue: daysOverdue(new Date(column.oldestDueMs), now) };
}

/**
 * Every credential on file of the therapist whose id is `therapistId`, as one json array of what
 * the judgement reads (CredentialForJudging): the column form of credentialsOf.
 */
export function credentialsColumn(therapistId: SQLWrapper) {
  return sql<CredentialForJudging[]>`coalesce((select json_agg(json_build_object('kind', c.kind, 'status', c.status, 'issuer', c.issuer,
      'expiresOn', c.expires_on, 'compactPrivilege', c.compact_privilege))
    from therapist_credentials c where c.therapist_id = ${therapistId}), '[]'::json)`;
}

/**
 * True when the therapist whose credentials_current (migration 0042: each verified kind, a state
 * license as `state_license:` and its state, with the last day the latest is valid) is `held` holds
 * each of the `required` kinds current on `today`, a state license issued for `patientState`:
 * credentialProblems (domain/credentials.ts) finding nothing, decided in SQL so matching needs no
 * credential rows read (referrals/therapist-queries.ts). `required` must hold each kind once and
 * `patientState` be trimmed and upper-cased, as the domain reads them; the agreement test holds the
 * two to the same answers (referrals/matching-agreement.int.test.ts). Days compare as their
 * YYYY-MM-DD text, byte by byte.
 */
export function credentialsCurrentSql(held: SQLWrapper, input: { required: readonly CredentialKind[]; patientState: string; /** YYYY-MM-DD */ today: string }): SQL {
  if (input.required.length === 0) return sql`true`;
  const key = (kind: CredentialKind) => (kind === 'state_license' ? `state_license:${input.patientState}` : kind);
  return sql.join(
    input.required.map((kind) => sql`coalesce((${held} ->> ${key(kind)}::text) >= ${input.today}::text collate "C", false)`),
    sql` and `,
  );
}

/**
 * True when the late notes of the therapist whose id is `therapistId` do not stop new offers:
 * lateNotesProblem (domain/work-standing.ts) on what lateNotesColumn reads, decided in SQL. The
 * oldest note's days overdue are counted as lateNotesFrom counts them, from whole milliseconds.
 */
export function lateNotesWithinLimitsSql(therapistId: SQLWrapper, input: { noteDueHours: SQL; now: SQL; maxOverdue: SQL; maxDaysOverdue: SQL }) {
  const nowMs = sql`(extract(epoch from ${input.now}::timestamptz) * 1000)`;
  const oldestDueMs = sql`trunc(extract(epoch from min(v.check_out_at) + make_interval(hours => ${input.noteDueHours})) * 1000)`;
  return sql`(select count(*) < ${input.maxOverdue}
      and (count(*) = 0 or greatest(0, ceil((${nowMs} - ${oldestDueMs}) / 86400000)) <= ${input.maxDaysOverdue})
    from visits v where v.therapist_id = ${therapistId} and ${overdueNote(input.noteDueHours, input.now)})`;
}

/** Overdue notes per therapist (see lateNotesColumn), for many at once in one grouped scan. */
async function lateNotesOf(db: Db, therapistIds: string[], noteDueHours: number, now: Date): Promise<Map<string, LateNotes>> {
  const late = new Map<string, LateNotes>();
  if (therapistIds.length === 0) return late;
  const result = await db.execute<{ therapist_id: string; overdue: number; oldest_due_ms: number }>(sql`
    select v.therapist_id, count(*)::int as overdue,
           extract(epoch from min(v.check_out_at) + make_interval(hours => ${noteDueHours})) * 1000 as oldest_due_ms
    from visits v
    where v.therapist_id = any(${sql.param(therapistIds)}::text[]) and ${overdueNote(noteDueHours, now)}
    group by v.therapist_id`);
  for (const row of result.rows) late.set(row.therapist_id, lateNotesFrom({ overdue: row.overdue, oldestDueMs: Number(row.oldest_due_ms) }, now));
  return late;
}

/** The standing of many therapists at once (the offers of one referral): three queries, whatever the count. */
export async function standingsOf(
  db: Db,
  config: StandingConfig,
  therapists: Array<{ id: string; suspendedAt: Date | null; suspensionReason: string | null }>,
  now = new Date(),
): Promise<Map<string, TherapistStanding>> {
  const ids = therapists.map((therapist) => therapist.id);
  const [credentials, late] = await Promise.all([credentialsOf(db, ids), lateNotesOf(db, ids, config.noteDueHours, now)]);
  return new Map(
    therapists.map((therapist) => [
      therapist.id,
      {
        credentials: credentials.get(therapist.id) ?? [],
        suspension: therapist.suspendedAt ? { reason: therapist.suspensionReason } : null,
        lateNotes: late.get(therapist.id) ?? NO_LATE_NOTES,
      },
    ]),
  );
}

async function profileOf(db: Db, therapistId: string) {
  const [profile] = await db
    .select({
      id: therapistProfiles.id,
      zipCode: therapistProfiles.zipCode,
      suspendedAt: therapistProfiles.suspendedAt,
      suspensionReason: therapistProfiles.suspensionReason,
    })
    .from(therapistProfiles)
    .where(eq(therapistProfiles.id, therapistId));
  return profile ?? null;
}

/**
 * What keeps the therapist from working a referral whose patient is in `patientState` (the gates on
 * confirming a match and on checking in): a suspension or a required credential missing, unverified
 * or expired on `today` (the business date). Empty when nothing does.
 */
export async function standingOf(
  db: Db,
  config: StandingConfig,
  therapistId: string,
  patientState: string,
  today = businessToday(),
): Promise<StandingProblem[]> {
  const profile = await profileOf(db, therapistId);
  if (!profile) return [{ kind: 'suspension', message: 'No therapist profile on file' }];
  const credentials = (await credentialsOf(db, [therapistId])).get(therapistId) ?? [];
  return workProblems({
    credentials,
    required: config.trust.requiredCredentials,
    suspension: profile.suspendedAt ? { reason: profile.suspensionReason } : null,
    patientState,
    today,
  });
}

/**
 * Why the therapist is not being offered new referrals, in their words: judged for their home
 * state (their ZIP's), where nearly all of their offers come from; a license held elsewhere still
 * brings that state's referrals. Empty when they are offered referrals as usual.
 */
export async function referralsPausedFor(db: Db, config: StandingConfig, therapistId: string, now = new Date()): Promise<StandingProblem[]> {
  const profile = await profileOf(db, therapistId);
  if (!profile) return [];
  const standing = (await standingsOf(db, config, [profile], now)).get(therapistId);
  if (!standing) return [];
  return offerProblems({
    ...standing,
    required: config.trust.requiredCredentials,
    limits: config.trust.lateNotes,
    patientState: locateZip(profile.zipCode)?.state ?? '',
    today: businessToday(now),
  });
}
