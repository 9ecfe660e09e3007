import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../api/auth';
import { securityPath, verifyPath } from '../mfa/safe-next';

/**
 * Shown when the server answers MFA_REQUIRED: patient details, visits and notes need a session
 * verified with a second factor. A user with a factor verifies this session; one without sets a
 * factor up first. Either way the link comes back to this page, so the task goes on where it stopped.
 */
export function TwoStepNeeded({ title, children, verifyTo, setUpThen }: { title: string; children: ReactNode; verifyTo: string; setUpThen: string }) {
  const me = useMe();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const hasFactor = me.data?.nextLevel === 'aal2';
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold">{title}</p>
        <p>{children}</p>
        {me.isPending ? null : hasFactor ? (
          <p>
            <Link to={verifyPath(here)} className="font-semibold text-brand-800 underline hover:no-underline">
              Verify it’s you
            </Link>{' '}
            {verifyTo}.
          </p>
        ) : (
          <p>
            <Link to={securityPath(here)} className="font-semibold text-brand-800 underline hover:no-underline">
              Set up two-step verification
            </Link>
            , {setUpThen}.
          </p>
        )}
      </div>
    </div>
  );
}
