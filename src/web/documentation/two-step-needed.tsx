import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../api/auth';
import { verifyPath } from '../mfa/safe-next';

/** Visit notes need a session verified with a second factor (as patient details do). */
export function TwoStepNeeded() {
  const me = useMe();
  const { pathname } = useLocation();
  const hasFactor = me.data?.nextLevel === 'aal2';
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold">Visit notes need two-step verification.</p>
        <p>To protect patient information, CareRelay shows visit notes only after you verify it’s you with a second factor.</p>
        {me.isPending ? null : hasFactor ? (
          <p>
            <Link to={verifyPath(pathname)} className="font-semibold text-brand-800 underline hover:no-underline">
              Verify it’s you
            </Link>{' '}
            to see them.
          </p>
        ) : (
          <p>
            <Link to="/dashboard/security" className="font-semibold text-brand-800 underline hover:no-underline">
              Set up two-step verification
            </Link>
            , then come back to this visit.
          </p>
        )}
      </div>
    </div>
  );
}
