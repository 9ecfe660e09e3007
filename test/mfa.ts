import { expect } from 'vitest';
import { callApi } from './http';
import { authenticatorCode } from './rfc6238';

export interface VerifiedTotp {
  factorId: string;
  secret: string;
  backupCodes: string[];
}

/**
 * Enrols an authenticator app in a signed-in session and verifies it there (the session is then at
 * aal2). The previous step's code proves it (still accepted), so the current step's code is unused
 * when the caller's test starts.
 */
export async function enrolVerifiedTotp(baseUrl: string, cookie: string): Promise<VerifiedTotp> {
  const post = (path: string, body: unknown = {}) => callApi(baseUrl, 'POST', path, { cookie, body });
  const enrolled = (await (await post('/api/mfa/factors', { factorType: 'totp', friendlyName: 'Phone' })).json()) as { id: string; totp: { secret: string } };
  const challenge = (await (await post(`/api/mfa/factors/${enrolled.id}/challenge`)).json()) as { id: string };
  const code = authenticatorCode(enrolled.totp.secret, new Date(Date.now() - 30_000));
  const verified = await post(`/api/mfa/factors/${enrolled.id}/verify`, { challengeId: challenge.id, code });
  expect(verified.status).toBe(200);
  const { backupCodes } = (await verified.json()) as { backupCodes: string[] };
  return { factorId: enrolled.id, secret: enrolled.totp.secret, backupCodes };
}
