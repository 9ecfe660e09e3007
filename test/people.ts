import type { TestApp } from './app';
import { clientAddress, elevateSession, signIn } from './factories';

/** Authenticator assurance: a password alone (aal1), or a password and a second factor (aal2). */
export type Aal = 'aal1' | 'aal2';

/** A person signed in over HTTP: their id, the Cookie header to send and an address of their own. */
export interface SignedIn {
  userId: string;
  cookie: string;
  ip: string;
}

/**
 * Signs in as a browser does and returns the Cookie header to send; at aal2 (the default) the
 * session is marked as having passed a second factor, for tests whose subject is not the factor.
 */
export async function sessionCookie(app: TestApp, credentials: { email: string; password: string }, aal: Aal = 'aal2'): Promise<string> {
  const cookie = await signIn(app.url, credentials);
  if (aal === 'aal2') await elevateSession(app.runtime.database.db, cookie);
  return cookie;
}

/** A built person signed in (see `sessionCookie`), with their id and an address of their own. */
export async function session(app: TestApp, person: { userId: string; email: string; password: string }, aal: Aal = 'aal2'): Promise<SignedIn> {
  return { userId: person.userId, cookie: await sessionCookie(app, person, aal), ip: clientAddress() };
}
