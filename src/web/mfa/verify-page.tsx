import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { authKeys, isUnauthenticated, useMe, type Me } from '../api/auth';
import { useFactors } from '../api/mfa';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { safeNext, signInPath } from './safe-next';
import { VerifyChoice } from './verify-choice';
import { VerifyShell } from './verify-shell';

/**
 * /verify?next=/dashboard: a signed-in user with a verified factor proves it for this session
 * (aal1 → aal2), then goes on to `next`. Signed-out visitors go to the login dialog, which comes
 * back to `next`; anyone with nothing to prove goes straight on.
 */
export function VerifyPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const queryClient = useQueryClient();
  const me = useMe();
  const mustVerify = me.data?.nextLevel === 'aal2' && me.data.aal === 'aal1';
  const factors = useFactors(mustVerify);

  if (isUnauthenticated(me.error) || isUnauthenticated(factors.error)) return <Navigate to={signInPath(next)} replace />;
  if (me.isSuccess && !mustVerify) return <Navigate to={next} replace />;

  const verified = factors.data?.factors.filter((f) => f.status === 'verified') ?? [];
  if (factors.isSuccess && verified.length === 0) return <Navigate to={next} replace />;

  // The session is aal2 now. Updating the cached level re-renders this page into its redirect to
  // `next` (the one place that navigates, so two navigations cannot race), and the dashboard layout,
  // which reads the same cache entry, does not send the user back here.
  const onVerified = () => queryClient.setQueryData<Me>(authKeys.me, (old) => old && { ...old, aal: 'aal2' });

  let content;
  if (me.isError || factors.isError) {
    const retry = () => void (me.isError ? me.refetch() : factors.refetch());
    content = (
      <ErrorState
        message={(me.error ?? factors.error)?.message ?? 'Something went wrong.'}
        action={
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        }
      />
    );
  } else if (!factors.isSuccess) {
    content = <Loading label="Loading your factors…" />;
  } else {
    content = <VerifyChoice factors={verified} onVerified={onVerified} />;
  }

  return (
    <VerifyShell signedIn={me.isSuccess}>
      <PageMeta title="Verify it’s you" description="Confirm your second factor to continue to CareRelay." />
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Verify it’s you</h1>
        <p className="text-slate-600">Your account is protected with a second factor. Confirm it to continue.</p>
      </div>
      {content}
    </VerifyShell>
  );
}
