import { Lock, ShieldCheck } from 'lucide-react';
import { adminMessages } from '../../domain/admin';
import { ApiError } from '../api/client';
import { Button, ButtonLink } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';

/** A manager signed in without a second factor in this session: the server answered MFA_REQUIRED. */
export function MfaRequiredPanel() {
  return (
    <section aria-labelledby="mfa-required-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
      <ShieldCheck className="size-8 text-amber-800" aria-hidden />
      <h2 id="mfa-required-title" className="mt-3 text-xl font-semibold text-slate-900">
        {adminMessages.mfaRequired}
      </h2>
      <p className="mt-2 max-w-prose text-slate-700">
        The admin area shows personal details of everyone who signs up, so managers open it only after confirming a second factor in
        this session. Set up an authenticator app or phone in Security settings, or verify the one you have.
      </p>
      <ButtonLink to="/dashboard/security" className="mt-5">
        Go to Security settings
      </ButtonLink>
    </section>
  );
}

/** Anyone who is not a manager: the server answered FORBIDDEN. */
export function NoAccessPanel({ message }: { message: string }) {
  return (
    <section aria-labelledby="no-access-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
      <Lock className="size-8 text-slate-600" aria-hidden />
      <h2 id="no-access-title" className="mt-3 text-xl font-semibold text-slate-900">
        The admin area is for CareRelay managers
      </h2>
      <p className="mt-2 text-slate-700">{message}</p>
      <ButtonLink to="/dashboard" variant="secondary" className="mt-5">
        Back to your dashboard
      </ButtonLink>
    </section>
  );
}

type AdminQuery = { error: unknown; isError: boolean; isPending: boolean; refetch: () => unknown };

const refusals = new Set(['MFA_REQUIRED', 'FORBIDDEN', 'UNAUTHENTICATED']);

/** Whether the server refused an admin page's query (no second factor, not a manager, signed out): the page then shows only the panel. */
export function isRefused(query: Pick<AdminQuery, 'error'>): boolean {
  return query.error instanceof ApiError && refusals.has(query.error.code);
}

/**
 * The states every admin page's main query shares, in one place: the refusal panels, a failure with
 * "Try again" (`failed` is said when the server gave no message), and loading (`loading`, if given).
 */
export function AdminQueryStates({ query, failed, loading }: { query: AdminQuery; failed: string; loading?: string }) {
  const error = query.error instanceof ApiError ? query.error : undefined;
  return (
    <>
      {error?.code === 'MFA_REQUIRED' && <MfaRequiredPanel />}
      {error?.code === 'FORBIDDEN' && <NoAccessPanel message={error.message} />}
      {error?.code === 'UNAUTHENTICATED' && <NoAccessPanel message="Your session has ended. Please log in again." />}
      {query.isError && !isRefused(query) && (
        <ErrorState
          message={(query.error instanceof Error && query.error.message) || failed}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {loading && query.isPending && <Loading label={loading} />}
    </>
  );
}
