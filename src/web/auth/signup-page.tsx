import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { support } from '../../domain/site';
import { useLoginDialog } from '../layout/login-context';
import { ButtonLink } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { SignupForm } from './signup-form';

/**
 * /signup — an agency or a therapist asks for an account. Nobody types a password here: the server
 * mails a link where the user chooses one, and the team reviews the account.
 */
export function SignupPage() {
  const [signedUpAs, setSignedUpAs] = useState<string>();
  const { openLogin } = useLoginDialog();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageMeta
        title="Sign Up"
        description="Create a CareRelay account as a home health agency or as a licensed therapist (PT, PTA, OT, COTA, ST)."
      />
      {signedUpAs === undefined ? (
        <>
          <header>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Create your CareRelay account</h1>
            <p className="mt-3 text-lg text-slate-700">
              Agencies fill referrals with local, licensed therapists; therapists choose the visits that fit their schedule.
            </p>
            <p className="mt-2 text-sm text-slate-600">
              Already have an account?{' '}
              <button type="button" onClick={openLogin} className="font-semibold text-brand-700 hover:underline">
                Log in
              </button>
            </p>
          </header>
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <SignupForm onSignedUp={setSignedUpAs} />
          </div>
        </>
      ) : (
        <SignedUp email={signedUpAs} />
      )}
    </div>
  );
}

function SignedUp({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form has gone; move focus to the confirmation so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <MailCheck className="size-12 text-brand-700" aria-hidden />
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        Thank You for Signing Up!
      </h1>
      <p className="mt-4 max-w-lg text-slate-700">
        We have emailed a link to <strong className="break-all">{email}</strong> where you set your password. The link works once and
        expires in 30 minutes.
      </p>
      <p className="mt-2 max-w-lg text-slate-700">
        Our team will review your account and reach out within {support.signupReview}.
      </p>
      <ButtonLink to="/" variant="secondary" className="mt-8">
        Back to the home page
      </ButtonLink>
    </div>
  );
}
