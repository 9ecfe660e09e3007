import { Lock, ShieldCheck } from 'lucide-react';
import { adminMessages } from '../../domain/admin';
import { ButtonLink } from '../ui/button';

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
