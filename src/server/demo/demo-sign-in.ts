import { writeAudit } from '../audit/write-audit';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import type { RequestClient } from '../http/request-client';
import { hasVerifiedFactor } from '../mfa/service';
import { isDemoEmail } from './demo-identity';
import { findDemoPersonRow, listDemoPeopleRows, type DemoPersonRow } from './queries';

/**
 * "Sign in as" a demo person, in development: who may be chosen and at which assurance level. The
 * session itself is better-auth's (demo-session-plugin.ts); the route (demo-sign-in-routes.ts)
 * exists only outside production and answers only this machine.
 */

export const NOT_A_DEMO_PERSON = 'Only the demo people can be signed in with one click. Sign in with a password instead.';
export const NO_SUCH_DEMO_PERSON = 'No demo person has this email here. Run `npm run demo-data` to create the demo.';

/** The demo people the sign-in dialog offers. */
export async function listDemoPeople({ database }: { database: Database }): Promise<DemoPersonRow[]> {
  return listDemoPeopleRows(database.db);
}

/**
 * The demo person behind `email` and the level their session opens at: aal2 when they have a
 * verified factor (the demo's approved people), as if they had just entered its code.
 */
export async function chooseDemoSession({ database }: { database: Database }, { email }: { email: string }): Promise<{ person: DemoPersonRow; aal: 'aal1' | 'aal2' }> {
  if (!isDemoEmail(email)) throw new AppError('FORBIDDEN', NOT_A_DEMO_PERSON, { email: NOT_A_DEMO_PERSON });
  const person = await findDemoPersonRow(database.db, email);
  if (!person) throw new AppError('NOT_FOUND', NO_SUCH_DEMO_PERSON, { email: NO_SUCH_DEMO_PERSON });
  return { person, aal: (await hasVerifiedFactor({ database }, person.userId)) ? 'aal2' : 'aal1' };
}

/** Every demo sign-in is on record like any other, named for what it was. */
export async function auditDemoSignIn({ database }: { database: Database }, options: { userId: string; aal: 'aal1' | 'aal2'; client: RequestClient }): Promise<void> {
  await writeAudit(database.db, {
    actorUserId: options.userId,
    action: 'auth.sign_in',
    entityType: 'user',
    entityId: options.userId,
    outcome: 'success',
    ipAddress: options.client.ipAddress,
    userAgent: options.client.userAgent,
    details: { method: 'demo', aal: options.aal },
  });
}
