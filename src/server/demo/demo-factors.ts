import { createSecretBox } from '../crypto/secret-box';
import { challengeFactor, enrolFactor, verifyFactor, type MfaDeps } from '../mfa/service';
import { totpCode, totpStep } from '../mfa/totp';
import type { Caller } from '../use-case';
import type { DemoDeps } from './demo-deps';

export const DEMO_FACTOR_NAME = 'Demo authenticator';

/**
 * Gives a demo person an authenticator-app factor through the second-factor use cases (enrol,
 * challenge, verify with a code computed from the secret they hand back), so their work with
 * patients, visits and the admin area meets the aal2 rule like anyone's. Nobody keeps the secret:
 * in development "Sign in as" opens their session at aal2 (demo-session.ts).
 */
export async function enrolDemoFactor(deps: DemoDeps, caller: Caller): Promise<void> {
  const mfa: MfaDeps = {
    database: deps.database,
    jobs: deps.jobs,
    secretBox: createSecretBox(deps.secrets.appSecret, 'mfa-totp-secret'),
    issuer: 'CareRelay',
    smsAvailable: false,
  };
  // Before the factor exists its owner is at aal1, which is what enrolling a first factor expects.
  const actor = { ...caller.actor, aal: 'aal1' as const, nextLevel: 'aal1' as const };
  const factor = await enrolFactor(mfa, { actor, client: caller.client, input: { factorType: 'totp', friendlyName: DEMO_FACTOR_NAME } });
  if (!factor.totp) throw new Error('an authenticator factor came back without its secret');
  const challenge = await challengeFactor(mfa, { actor, factorId: factor.id });
  await verifyFactor(mfa, { actor, client: caller.client, factorId: factor.id, challengeId: challenge.id, code: totpCode(factor.totp.secret, totpStep()) });
}
