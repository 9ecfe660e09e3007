import type { ReactNode } from 'react';
import { ButtonLink } from '../ui/button';

/** The closing call to action on every marketing page: Sign Up, or talk to us first. */
export function CtaBand({
  heading,
  body,
  contactLabel = 'Contact Us',
  contactTo = '/contact',
}: {
  heading: string;
  body: ReactNode;
  contactLabel?: string;
  /** A /contact link, optionally with a prefilled `?subject=`. */
  contactTo?: string;
}) {
  return (
    <section className="bg-brand-800 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h2>
          <div className="mt-3 text-lg text-brand-50">{body}</div>
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
          <ButtonLink to="/signup" variant="secondary" size="lg">
            Sign Up
          </ButtonLink>
          <ButtonLink to={contactTo} variant="outline" size="lg">
            {contactLabel}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
