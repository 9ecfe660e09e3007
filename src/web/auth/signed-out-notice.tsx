import { Info, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useLoginDialog } from '../layout/login-context';

/** Why a signed-in user landed back on the public site, when the dashboard sent them (`?signedOut=idle`). */
export function SignedOutNotice() {
  const [params, setParams] = useSearchParams();
  const { openLogin } = useLoginDialog();
  if (params.get('signedOut') !== 'idle') return null;

  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('signedOut');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 text-sm text-amber-900 sm:px-6">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p className="flex-1">
          You were signed out because you were inactive for a while.{' '}
          <button type="button" onClick={openLogin} className="font-semibold underline hover:no-underline">
            Log in again
          </button>{' '}
          to continue.
        </p>
        <button type="button" onClick={dismiss} aria-label="Dismiss" className="rounded p-1 hover:bg-amber-100">
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
