import { useRef } from 'react';
import { needsNewChallenge, useChallengeFactor, useVerifyFactor, type VerifiedFactor } from '../api/mfa';

/**
 * Checks an authenticator-app code: asks the server for a challenge the first time, then keeps using
 * it until the server says a new one is needed (expired or too many tries).
 */
export function useTotpCheck(factorId: string | undefined) {
  const challengeId = useRef<string>(undefined);
  const challenge = useChallengeFactor();
  const verify = useVerifyFactor();

  return async (code: string): Promise<VerifiedFactor> => {
    if (!factorId) throw new Error('No factor to check');
    challengeId.current ??= (await challenge.mutateAsync(factorId)).id;
    try {
      return await verify.mutateAsync({ factorId, challengeId: challengeId.current, code });
    } catch (error) {
      if (needsNewChallenge(error)) challengeId.current = undefined;
      throw error;
    }
  };
}
