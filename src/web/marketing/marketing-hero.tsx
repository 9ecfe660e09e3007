import type { ReactNode } from 'react';
import { ButtonLink } from '../ui/button';

interface HeroAction {
  to: string;
  label: string;
}

/** The opening band of a marketing page: who it is for, the promise, and the two next steps. */
export function MarketingHero({
  eyebrow,
  title,
  intro,
  primary,
  secondary,
  highlights,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  primary: HeroAction;
  secondary: HeroAction;
  /** Short facts shown under the buttons, e.g. a price range or a fill time. */
  highlights?: Array<{ value: string; label: string }>;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:py-24">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{eyebrow}</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <div className="mt-5 text-lg leading-8 text-brand-50">{intro}</div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={primary.to} variant="secondary" size="lg">
              {primary.label}
            </ButtonLink>
            <ButtonLink to={secondary.to} variant="outline" size="lg">
              {secondary.label}
            </ButtonLink>
          </div>
        </div>
        {highlights && highlights.length > 0 && (
          <dl className="mt-12 grid gap-4 sm:grid-cols-3">
            {highlights.map((item) => (
              <div key={item.label} className="rounded-xl bg-white/10 px-5 py-4 ring-1 ring-white/20">
                <dt className="text-sm text-brand-50">{item.label}</dt>
                <dd className="mt-1 text-2xl font-bold">{item.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
