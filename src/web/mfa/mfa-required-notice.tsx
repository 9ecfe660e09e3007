import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { verifyPath } from './safe-next';

/** The server refused a change because this session has not passed the user's second factor yet. */
export function MfaRequiredNotice({ next = '/dashboard/security' }: { next?: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        To change your second factors, first verify it’s you with one you already have.{' '}
        <Link to={verifyPath(next)} className="font-semibold text-brand-800 underline hover:no-underline">
          Verify now
        </Link>
      </p>
    </div>
  );
}
