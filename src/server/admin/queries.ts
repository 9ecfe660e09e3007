import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AccountStatus, UserType } from '../../domain/accounts';
import type { SignupListQuery } from '../../domain/admin';
import type { Db } from '../db/client';
import { agencyProfiles, managerProfiles, therapistProfiles, user, useraccounts } from '../db/schema/index';

/**
 * The admin area sees every account, across all agencies and therapists: these are the
 * all-tenant queries, kept here so they are easy to find and review.
 */

// Seed section 2: the company for agencies, first and last name otherwise; the sign-in name if a
// profile is somehow missing, so a row never shows blank.
const nameSql = sql<string>`coalesce(
  case ${useraccounts.userType}
    when 'agency' then ${agencyProfiles.companyName}
    when 'therapist' then ${therapistProfiles.firstName} || ' ' || ${therapistProfiles.lastName}
    else ${managerProfiles.firstName} || ' ' || ${managerProfiles.lastName}
  end,
  ${user.name})`;

const phoneSql = sql<string | null>`case ${useraccounts.userType}
    when 'agency' then ${agencyProfiles.contactPhone}
    when 'therapist' then ${therapistProfiles.phone}
    else ${managerProfiles.phone}
  end`;

const columns = {
  id: useraccounts.userId,
  status: useraccounts.status,
  userType: useraccounts.userType,
  email: useraccounts.email,
  name: nameSql,
  phone: phoneSql,
  createdAt: useraccounts.createdAt,
  statusReason: useraccounts.statusReason,
};

export interface SignupRow {
  id: string;
  status: AccountStatus;
  userType: UserType;
  email: string;
  name: string;
  phone: string | null;
  createdAt: Date;
  statusReason: string | null;
}

function joined(db: Db) {
  return db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(useraccounts)
    .innerJoin(user, eq(user.id, useraccounts.userId))
    .leftJoin(agencyProfiles, eq(agencyProfiles.id, useraccounts.userId))
    .leftJoin(therapistProfiles, eq(therapistProfiles.id, useraccounts.userId))
    .leftJoin(managerProfiles, eq(managerProfiles.id, useraccounts.userId));
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filters(query: Pick<SignupListQuery, 'status' | 'type' | 'q'>): SQL | undefined {
  return and(
    query.status ? eq(useraccounts.status, query.status) : undefined,
    query.type ? eq(useraccounts.userType, query.type) : undefined,
    query.q ? or(ilike(nameSql, likePattern(query.q)), ilike(useraccounts.email, likePattern(query.q))) : undefined,
  );
}

/**
 * One page of accounts, newest first, with the total matching count: a single statement (the
 * count is a window over the same filtered rows), so the list costs one round trip.
 */
export async function listSignups(db: Db, query: SignupListQuery): Promise<{ rows: SignupRow[]; total: number }> {
  const where = filters(query);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(useraccounts.createdAt), desc(useraccounts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
  // A page past the end has no rows to carry the window count, so only then count separately.
  if (query.page === 1) return { rows: [], total: 0 };
  const [counted] = await joined(db).where(where).limit(1);
  return { rows: [], total: counted?.total ?? 0 };
}

/** One account as the list shows it; `forUpdate` locks the account row for a review. */
export async function findSignup(db: Db, userId: string, options: { forUpdate?: boolean } = {}): Promise<SignupRow | undefined> {
  const query = db
    .select(columns)
    .from(useraccounts)
    .innerJoin(user, eq(user.id, useraccounts.userId))
    .leftJoin(agencyProfiles, eq(agencyProfiles.id, useraccounts.userId))
    .leftJoin(therapistProfiles, eq(therapistProfiles.id, useraccounts.userId))
    .leftJoin(managerProfiles, eq(managerProfiles.id, useraccounts.userId))
    .where(eq(useraccounts.userId, userId));
  const [row] = options.forUpdate ? await query.for('update', { of: useraccounts }) : await query;
  return row;
}

export async function setAccountStatus(
  db: Db,
  change: { userId: string; userType: UserType; status: AccountStatus; reviewedBy: string; reason: string | null },
): Promise<void> {
  await db
    .update(useraccounts)
    .set({ status: change.status, reviewedAt: new Date(), reviewedBy: change.reviewedBy, statusReason: change.reason })
    .where(eq(useraccounts.userId, change.userId));
  // The profile tables keep their own copy of the status (seed section 3); keep them in step.
  if (change.userType === 'agency') {
    await db.update(agencyProfiles).set({ status: change.status }).where(eq(agencyProfiles.id, change.userId));
  } else if (change.userType === 'therapist') {
    await db.update(therapistProfiles).set({ status: change.status }).where(eq(therapistProfiles.id, change.userId));
  }
}

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email.toLowerCase())).limit(1);
  return rows.length > 0;
}
