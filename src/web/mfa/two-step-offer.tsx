import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { rememberTwoStepOffer } from '../auth/after-sign-in';
import { ButtonLink } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { securityPath } from './safe-next';

/**
 * Offered once per session to a user who has no second factor yet: patient details, visits and notes
 * need one, and meeting that wall right after a match is worse than a minute spent now. "Set up now"
 * opens Security, which offers the way back to `next`; "Later" goes straight there.
 */
export function TwoStepOffer({ next }: { next: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    rememberTwoStepOffer();
    heading.current?.focus();
  }, []);

  return (
    <section aria-labelledby="two-step-offer-title" className="space-y-6">
      <PageMeta title="Set up two-step verification" description="Protect patient information with a second factor before your first referral." />
      <div className="space-y-3">
        <ShieldCheck className="size-10 text-brand-700" aria-hidden />
        <h1 id="two-step-offer-title" ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none">
          Set up two-step verification
        </h1>
        <p className="text-slate-700">
          Patient details, visits and notes open only after you confirm a second factor: a code from an authenticator app or a text message.
        </p>
        <p className="text-slate-700">Set it up now, before your first referral, so nothing stops you in the middle of a match. It takes about a minute.</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={securityPath(next)} size="lg">
          Set up now
        </ButtonLink>
        <ButtonLink to={next} variant="secondary" size="lg">
          Later
        </ButtonLink>
      </div>
    </section>
  );
}
