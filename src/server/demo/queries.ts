import { asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user, useraccounts } from '../db/schema/index';
import { DEMO_EMAIL_DOMAIN } from './demo-people';

export interface DemoPersonRow {
  userId: string;
  email: string;
  name: string;
  userType: 'agency' | 'therapist' | 'manager';
  status: 'pending' | 'approved' | 'rejected';
}

const demoPeopleColumns = { userId: user.id, email: user.email, name: user.name, userType: useraccounts.userType, status: useraccounts.status };

/** The demo people in this database (with their account record): agencies, then therapists, then managers. */
export function listDemoPeopleRows(db: Db): Promise<DemoPersonRow[]> {
  return db
    .select(demoPeopleColumns)
    .from(user)
    .innerJoin(useraccounts, eq(useraccounts.userId, user.id))
    .where(like(sql`lower(${user.email})`, `%@${DEMO_EMAIL_DOMAIN}`))
    .orderBy(sql`case ${useraccounts.userType} when 'agency' then 1 when 'therapist' then 2 else 3 end`, asc(user.name));
}

/** One of them by email (any case), or undefined. */
export async function findDemoPersonRow(db: Db, email: string): Promise<DemoPersonRow | undefined> {
  const [row] = await db
    .select(demoPeopleColumns)
    .from(user)
    .innerJoin(useraccounts, eq(useraccounts.userId, user.id))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row;
}
