import { BellRing, ClipboardCheck, Send, UserCheck, type LucideIcon } from 'lucide-react';
import { claims } from '../../domain/site';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The three steps the landing page promises (seed section 1), in order. */
const steps: Step[] = [
  {
    icon: Send,
    title: 'Submit and accept a referral',
    text: 'The agency posts a referral with the discipline, services and patient ZIP code. Licensed therapists nearby review it and accept, or request a higher rate.',
  },
  {
    icon: UserCheck,
    title: 'Select the therapist and complete the visit',
    text: 'The agency confirms the therapist and adds the patient’s details. The therapist schedules and completes the visit.',
  },
  {
    icon: ClipboardCheck,
    title: 'Review documentation and pay',
    text: 'The therapist submits documentation through the platform. The agency reviews it and pays per completed visit; the therapist is paid out.',
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">How it works</p>
          <h2 id="how-it-works-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            From referral to paid visit in three steps
          </h2>
        </div>
        <ol className="mt-14 grid gap-8 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-2xl border border-slate-200 bg-white p-6 pt-8 shadow-sm">
              <span className="absolute -top-4 left-6 flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white" aria-hidden>
                {index + 1}
              </span>
              <Icon className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-12 flex max-w-3xl flex-col items-center gap-3 rounded-2xl bg-brand-50 px-6 py-5 text-center text-slate-800 ring-1 ring-brand-100 sm:flex-row sm:text-left">
          <BellRing className="size-6 shrink-0 text-brand-700" aria-hidden />
          <span>
            <strong className="font-semibold">Referrals are typically filled in {claims.averageFillMinutes} minutes or less.</strong> Available
            therapists are notified instantly on posting.
          </span>
        </p>
      </div>
    </section>
  );
}
