import { Navigate, useSearchParams } from 'react-router';
import type { OnboardingState } from '../../domain/onboarding';
import { isUnauthenticated, useMe } from '../api/auth';
import { ApiError } from '../api/client';
import { useOnboarding } from '../api/onboarding';
import { safeNext, signInPath } from '../mfa/safe-next';
import { Button, ButtonLink } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { ChooseAccountType } from './choose-account-type';
import { CredentialReviewNote } from './credential-review-note';
import { OnboardingShell } from './onboarding-shell';
import { OnboardingWizard } from './onboarding-wizard';

/**
 * /onboarding(?next=/dashboard/…): two steps of profile completion, then the user's dashboard or
 * `next`. Signed-out visitors go to the login dialog, which comes back to `next`.
 */
export function OnboardingPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const onboarding = useOnboarding(me.isSuccess);
  const meta = <PageMeta title="Complete your profile" description="Add your professional information and rates to finish setting up CareRelay." />;

  if (isUnauthenticated(me.error) || isUnauthenticated(onboarding.error)) return <Navigate to={signInPath(safeNext(params.get('next')))} replace />;

  let content;
  if (me.isError) {
    content = <ErrorState message={me.error.message} action={<Button onClick={() => void me.refetch()}>Try again</Button>} />;
  } else if (onboarding.isError && needsAccountType(onboarding.error) && me.data?.account === null) {
    // Signed in without an account record (social sign-in): agency or therapist comes first.
    content = (
      <div className="space-y-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Complete your profile</h1>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <ChooseAccountType name={me.data.user.name} />
        </div>
      </div>
    );
  } else if (onboarding.isError) {
    content = <OnboardingUnavailable error={onboarding.error} retry={() => void onboarding.refetch()} />;
  } else if (onboarding.isSuccess) {
    content = (
      <div className="space-y-8">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Complete your profile</h1>
          <StatusNote status={onboarding.data.status} />
          <CredentialReviewNote review={onboarding.data.credentialReview} />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <OnboardingWizard state={onboarding.data} />
        </div>
      </div>
    );
  } else {
    content = <Loading label="Loading your profile…" />;
  }

  return (
    <OnboardingShell signedIn={me.isSuccess}>
      {meta}
      {content}
    </OnboardingShell>
  );
}

function StatusNote({ status }: { status: OnboardingState['status'] }) {
  if (status === 'pending') {
    return <p className="text-slate-600">Our team is reviewing your sign-up and will reach out within 1-2 business days. Meanwhile, finish your profile.</p>;
  }
  if (status === 'rejected') {
    return <p className="text-slate-600">Your account was not approved. You can still keep your profile up to date; contact us with any questions.</p>;
  }
  return (
    <p className="text-slate-600">
      Keep your professional information and rates up to date. A new NPI or license is reviewed by our team before it takes effect.
    </p>
  );
}

/** The server's 409 for a user without an account record: onboarding starts with choosing one. */
function needsAccountType(error: Error): boolean {
  return error instanceof ApiError && error.code === 'CONFLICT';
}

/** Why onboarding cannot be shown: the server's reason, with the way forward. */
function OnboardingUnavailable({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.status === 403) {
    return <ErrorState message={error.message} action={<ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>} />;
  }
  return <ErrorState message={error.message} action={<Button onClick={retry}>Try again</Button>} />;
}
