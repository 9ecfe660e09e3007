import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  body: ReactNode;
}

/** A heading and three to six benefit cards, each with an icon. */
export function FeatureGrid({ id, heading, intro, features }: { id?: string; heading: string; intro?: ReactNode; features: Feature[] }) {
  return (
    <section id={id} className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
      <div className="max-w-3xl">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h2>
        {intro && <div className="mt-3 text-lg text-slate-700">{intro}</div>}
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <div className="mt-2 text-slate-700">{body}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
