import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../api/auth';
import { verifyPath } from '../mfa/safe-next';

/** Visit details and changes need a session verified with a second factor (like patient details). */
export function TwoStepNeeded() {
  const me = useMe();
  const { pathname } = useLocation();
  const hasFactor = me.data?.nextLevel === 'aal2';
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold">Visits need two-step verification.</p>
        <p>Visits are part of a patient’s care record, so CareRelay shows and changes them only after you verify it’s you with a second factor.</p>
        {me.isPending ? null : hasFactor ? (
          <p>
            <Link to={verifyPath(pathname)} className="font-semibold text-brand-800 underline hover:no-underline">
              Verify it’s you
            </Link>{' '}
            to continue.
          </p>
        ) : (
          <p>
            <Link to="/dashboard/security" className="font-semibold text-brand-800 underline hover:no-underline">
              Set up two-step verification
            </Link>
            , then come back.
          </p>
        )}
      </div>
    </div>
  );
}
