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
 * Signs a built person in as a browser does and, at aal2 (the default), marks the session as having
 * passed a second factor, for tests whose subject is not the factor itself.
 */
export async function session(app: TestApp, person: { userId: string; email: string; password: string }, aal: Aal = 'aal2'): Promise<SignedIn> {
  const cookie = await signIn(app.url, person);
  if (aal === 'aal2') await elevateSession(app.runtime.database.db, cookie);
  return { userId: person.userId, cookie, ip: clientAddress() };
}
