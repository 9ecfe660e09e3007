import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isUnauthenticated, useMe } from '../api/auth';
import { safeNext, signInPath } from '../mfa/safe-next';
import { TwoStepOffer } from '../mfa/two-step-offer';
import { VerifyShell } from '../mfa/verify-shell';
import { AccountLoadError } from '../ui/account-load-error';
import { Loading } from '../ui/states';
import { afterSignIn, wasTwoStepOffered } from './after-sign-in';

/**
 * /signed-in?next=/dashboard/…: where every sign-in lands (password, social, and onboarding once it
 * is saved). It sends the user on through the second factor, onboarding and the two-step offer, in
 * that order, to `next`, which is only ever a page of the signed-in area.
 */
export function SignedInPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const me = useMe();
  // Read once: the offer remembers itself as it appears, which must not make it vanish at once.
  const [offered] = useState(wasTwoStepOffered);

  if (isUnauthenticated(me.error)) return <Navigate to={signInPath(next)} replace />;
  if (me.isSuccess) {
    const step = afterSignIn(me.data, next, offered);
    if (step.kind === 'go') return <Navigate to={step.to} replace />;
  }

  return (
    <VerifyShell signedIn={me.isSuccess}>
      {me.isSuccess ? (
        <TwoStepOffer next={next} />
      ) : me.isError ? (
        <AccountLoadError title="Signing in" description="Signing in to CareRelay." onRetry={() => void me.refetch()} />
      ) : (
        <Loading label="Signing in…" />
      )}
    </VerifyShell>
  );
}
