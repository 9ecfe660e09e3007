import { BellRing, CircleCheck, ClipboardList, MapPin, ShieldCheck, UserCheck } from 'lucide-react';
import { claims } from '../../domain/site';
import { useLoginDialog } from '../layout/login-context';
import { ButtonLink } from '../ui/button';
import { BookDemoLink } from './book-demo-link';

const stats = [
  { value: `${claims.averageFillMinutes} min`, label: 'Average fill time', detail: `versus ${claims.industryFillHours} hours industry average` },
  { value: `${claims.averageSavingsPercent}%`, label: 'Average savings', detail: 'pay only per completed visit' },
  { value: `${claims.visitCompletionPercent}%`, label: 'Visit completion rate', detail: 'visits done as scheduled' },
  { value: 'HIPAA', label: 'Compliant and all-in-one', detail: 'referrals, visits, notes and pay' },
];

export function Hero() {
  const { openLogin } = useLoginDialog();
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgb(15_118_110/0.12)_1px,transparent_0)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent_70%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-10 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:pb-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
            <ShieldCheck className="size-4" aria-hidden />
            All-in-one and HIPAA-compliant
          </p>
          <h1 id="hero-heading" className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Home health therapy referrals, <span className="text-brand-700">filled in minutes</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-700">
            CareRelay connects home health agencies with licensed in-home therapists nearby. Referrals are filled in an average of{' '}
            <strong className="font-semibold text-slate-900">{claims.averageFillMinutes} minutes</strong> versus{' '}
            <strong className="font-semibold text-slate-900">{claims.industryFillHours} hours</strong> the traditional way.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/signup" size="lg">
              Sign Up
            </ButtonLink>
            <BookDemoLink />
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Already have an account?{' '}
            <button type="button" onClick={openLogin} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Log in
            </button>
          </p>
        </div>
        <ReferralIllustration />
      </div>
      <div className="relative mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <dt className="order-2 mt-1 text-sm font-semibold text-slate-800">{stat.label}</dt>
              <dd className="order-1 text-3xl font-bold tracking-tight text-brand-700 sm:text-4xl">{stat.value}</dd>
              <dd className="order-3 mt-1 text-sm text-slate-600">{stat.detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

const timeline = [
  { icon: ClipboardList, title: 'Referral posted', detail: 'PT evaluation · 2w4 · start by Friday' },
  { icon: BellRing, title: 'Nearby therapists notified', detail: 'Instantly, by app, email and text' },
  { icon: UserCheck, title: 'Therapist accepted', detail: 'Licensed PT · within your radius' },
  { icon: CircleCheck, title: 'Match confirmed', detail: 'Patient details shared securely' },
];

/** A sketch of a referral being filled; decorative, so hidden from assistive technology. */
function ReferralIllustration() {
  return (
    <div aria-hidden className="relative mx-auto hidden w-full max-w-md lg:block">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-brand-100 to-sky-100 blur-2xl" />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-100 pb-4">
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">New referral</p>
            <p className="mt-1 font-semibold text-slate-900">Physical therapy · Home visit</p>
          </div>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
            <MapPin className="size-3.5" />
            ZIP 30309
          </span>
        </div>
        <ol className="mt-5 space-y-4">
          {timeline.map(({ icon: Icon, title, detail }, index) => (
            <li key={title} className="flex gap-3">
              <span
                className={
                  index === timeline.length - 1
                    ? 'flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white'
                    : 'flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700'
                }
              >
                <Icon className="size-4" />
              </span>
              <div>
                <p className="text-sm font-semibold text-slate-900">{title}</p>
                <p className="text-sm text-slate-600">{detail}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className="absolute -bottom-5 -left-6 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-lg">
        <p className="text-xs text-slate-600">Average fill time</p>
        <p className="text-lg font-bold text-brand-700">{claims.averageFillMinutes} minutes</p>
      </div>
    </div>
  );
}
