import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/session';
import { createPhiBox, type PhiBox } from '../crypto/phi-box';
import type { StandingConfig } from '../credentials/standing';
import type { Database } from '../db/client';
import { user, useraccounts } from '../db/schema/index';
import type { RequestClient } from '../http/request-client';
import type { JobQueue } from '../jobs/queue';
import type { PaymentProvider } from '../payments/provider';
import type { Secrets } from '../secrets';
import type { Caller } from '../use-case';
import { demoIdOf } from './demo-identity';

/** What the demo needs to play its stories through the use cases: what the routes give them. */
export interface DemoDeps {
  database: Database;
  jobs: JobQueue;
  secrets: Secrets;
  /** From the configuration, as the documentation routes are given it. */
  noteDueHours: number;
  /** From the configuration: what offers and confirmations judge a therapist's standing by. */
  config: StandingConfig;
  /** The provider the app moves money through: the built-in ledger without Stripe keys. */
  payments: PaymentProvider;
}

/** The deps of the use cases on patient information, built once per run. */
export interface StoryDeps extends DemoDeps {
  phiBox: PhiBox;
}

export function storyDepsOf(deps: DemoDeps): StoryDeps {
  return { ...deps, phiBox: createPhiBox(deps.secrets.phiKey) };
}

/** Where the demo's steps come from, as the audit log records them. */
export const DEMO_CLIENT: RequestClient = { ipAddress: null, userAgent: 'CareRelay demo data' };

/**
 * A demo person as the caller of a use case: their own account record, at aal2, as if signed in
 * with the second factor they have (demo-factors.ts). The session id names no session: the
 * use cases read it only to raise a session's level, and the demo has none to raise.
 */
export async function demoCaller(database: Database, key: string): Promise<Caller> {
  const userId = demoIdOf(key);
  const [row] = await database.db
    .select({ email: user.email, name: user.name, userType: useraccounts.userType, status: useraccounts.status, timeZone: useraccounts.timeZone })
    .from(user)
    .innerJoin(useraccounts, eq(useraccounts.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw new Error(`demo person ${key} is missing`);
  const actor: Actor = {
    userId,
    email: row.email,
    name: row.name,
    sessionId: 'demo-data',
    sessionCreatedAt: new Date(),
    aal: 'aal2',
    nextLevel: 'aal2',
    account: { userType: row.userType, status: row.status },
    timeZone: row.timeZone,
  };
  return { actor, client: DEMO_CLIENT };
}
