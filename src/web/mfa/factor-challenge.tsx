import { useState } from 'react';
import { ApiError } from '../api/client';
import { useChallengeFactor, useVerifyFactor, type Factor } from '../api/mfa';
import { Button } from '../ui/button';
import { ChallengeForm } from './challenge-form';
import { SendCodeStatus } from './send-code-status';
import { useTotpCheck } from './use-code-check';

/** An authenticator-app code for a verified factor (the challenge is made when the code is sent). */
export function TotpChallenge({ factorId, onVerified }: { factorId: string; onVerified: () => void }) {
  const check = useTotpCheck(factorId);
  return (
    <ChallengeForm
      kind="totp"
      autoFocus
      onCode={async (code) => {
        await check(code);
        onVerified();
      }}
    />
  );
}

/** A phone factor: nothing is texted until the user asks, then the code and "Send a new code". */
export function PhoneChallenge({ factor, onVerified }: { factor: Factor; onVerified: () => void }) {
  const challenge = useChallengeFactor();
  const verify = useVerifyFactor();
  const [challengeId, setChallengeId] = useState<string>();
  const [sends, setSends] = useState(0);
  const to = factor.phone ?? 'your phone';

  const send = () =>
    challenge.mutate(factor.id, {
      onSuccess: ({ id }) => {
        setChallengeId(id);
        setSends((n) => n + 1);
      },
    });

  if (!challengeId) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">We will text a 6-digit code to {to}.</p>
        <SendCodeStatus to={to} sends={0} error={challenge.error} />
        <Button onClick={send} disabled={challenge.isPending}>
          {challenge.isPending ? 'Sending…' : 'Send code'}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <SendCodeStatus to={to} sends={sends} error={challenge.error} />
      <ChallengeForm
        kind="sms"
        autoFocus
        onCode={async (code) => {
          if (!challengeId) throw new ApiError(400, 'VALIDATION', 'Send a code first.');
          await verify.mutateAsync({ factorId: factor.id, challengeId, code });
          onVerified();
        }}
      >
        <Button variant="secondary" onClick={send} disabled={challenge.isPending}>
          {challenge.isPending ? 'Sending…' : 'Send a new code'}
        </Button>
      </ChallengeForm>
    </div>
  );
}
