import type { ReactNode } from 'react';

/** A numbered "how it works" sequence on a tinted background. */
export function StepsSection({ heading, intro, steps }: { heading: string; intro?: ReactNode; steps: Array<{ title: string; body: ReactNode }> }) {
  return (
    <section className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="max-w-3xl">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h2>
          {intro && <div className="mt-3 text-lg text-slate-700">{intro}</div>}
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white" aria-hidden>
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <div className="mt-1 text-slate-700">{step.body}</div>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
