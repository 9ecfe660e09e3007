import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { resetMessages } from '../../domain/auth';
import { useResetTokenCheck } from '../api/auth';
import { useLoginDialog } from '../layout/login-context';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { ResetPasswordForm } from './reset-password-form';

/**
 * /reset-password?token=… — where a mailed link (sign-up or "Forgot password") lets the user choose
 * a password: the link is checked first, then the form, then a way to log in.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useResetTokenCheck(token);
  // Set when the server refuses the token on submit (used or expired meanwhile), or on success.
  const [outcome, setOutcome] = useState<'invalid' | 'done'>();

  let body: ReactNode;
  if (!token) body = <DeadLink message={resetMessages.missingToken} />;
  else if (outcome === 'done') body = <PasswordSet />;
  else if (outcome === 'invalid' || check.data === false) body = <DeadLink message={resetMessages.invalidToken} />;
  else if (check.isPending) body = <Loading label="Verifying your link…" />;
  else if (check.isError)
    body = (
      <ErrorState
        message="We could not verify your link. Check your connection and try again."
        action={
          <Button variant="secondary" onClick={() => void check.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else
    body = (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Set your password</h1>
        <p className="mt-2 text-slate-700">Choose a password of at least 6 characters that you do not use anywhere else.</p>
        <div className="mt-6">
          <ResetPasswordForm token={token} onInvalidToken={() => setOutcome('invalid')} onDone={() => setOutcome('done')} />
        </div>
      </>
    );

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <PageMeta title="Set Your Password" description="Choose a new password for your CareRelay account." />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{body}</div>
    </div>
  );
}

/** The link cannot be used: say so, and offer a new one through the login dialog's "Forgot password". */
function DeadLink({ message }: { message: string }) {
  const { openForgotPassword } = useLoginDialog();
  return (
    <div className="flex flex-col items-center text-center">
      <LinkIcon className="size-10 text-slate-500" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This link cannot be used</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {message}
      </p>
      <Button className="mt-6" onClick={openForgotPassword}>
        Request a new link
      </Button>
    </div>
  );
}

function PasswordSet() {
  const { openLogin } = useLoginDialog();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form has gone; move focus to the confirmation so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center text-center">
      <CheckCircle2 className="size-10 text-brand-700" aria-hidden />
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900">
        Your password has been set
      </h1>
      <p className="mt-3 text-slate-700">You can now log in with your email and your new password.</p>
      <Button className="mt-6" onClick={openLogin}>
        Log in
      </Button>
    </div>
  );
}
