import {
  BadgeCheck,
  BellRing,
  CalendarClock,
  ClipboardCheck,
  FileCheck,
  HandCoins,
  MapPin,
  ShieldCheck,
  TrendingUp,
  UserSearch,
  Wallet,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { disciplineNames, disciplines } from '../../domain/accounts';
import { claims, pricing } from '../../domain/site';
import { ButtonLink } from '../ui/button';
import { BookDemoLink } from './book-demo-link';

interface Benefit {
  icon: LucideIcon;
  title: string;
  text: string;
}

const agencyBenefits: Benefit[] = [
  {
    icon: Zap,
    title: 'Post a referral in minutes',
    text: `Describe the discipline, services, ZIP code and visit frequency. Referrals are typically filled in ${claims.averageFillMinutes} minutes or less.`,
  },
  {
    icon: UserSearch,
    title: 'Review therapist profiles',
    text: 'See each therapist’s credentials and experience before you confirm the match and share patient details.',
  },
  {
    icon: HandCoins,
    title: 'Pay only per completed visit',
    text: `${pricing.promise}. Agencies save ${claims.averageSavingsPercent}% on average.`,
  },
  {
    icon: FileCheck,
    title: 'Documentation review',
    text: 'Therapists submit signed visit notes through the platform; you approve them or request changes before you pay.',
  },
  {
    icon: BellRing,
    title: 'Therapists notified instantly',
    text: 'The moment you post, available therapists licensed in your patient’s state and within reach are notified.',
  },
  {
    icon: ShieldCheck,
    title: 'HIPAA-compliant by design',
    text: 'Patient details stay encrypted and are visible only to your agency and the therapist you confirm.',
  },
];

const therapistBenefits: Benefit[] = [
  {
    icon: CalendarClock,
    title: 'Your schedule, your patients',
    text: 'Choose your own schedules, patients and locations. Accept only the referrals that fit your week.',
  },
  {
    icon: TrendingUp,
    title: 'Request higher rates',
    text: 'Complex or long-distance case? You may request a higher rate, with your reason, instead of accepting the offer.',
  },
  {
    icon: Wallet,
    title: 'Paid through the platform',
    text: 'You are paid per completed visit through the platform, once the agency approves your documentation. No invoices to chase.',
  },
  {
    icon: MapPin,
    title: 'Referrals near you',
    text: 'Set your service radius around your ZIP code and hear only about patients you can reach.',
  },
];

function BenefitGrid({ benefits, columns }: { benefits: Benefit[]; columns: string }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
      {benefits.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

function SectionIntro({ eyebrow, id, title, children }: { eyebrow: string; id: string; title: string; children: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg leading-8 text-slate-600">{children}</p>
    </div>
  );
}

export function AgenciesSection() {
  return (
    <section id="agencies" aria-labelledby="agencies-heading" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionIntro eyebrow="For agencies" id="agencies-heading" title="Staff every referral without the phone tag">
          Post per-patient referrals and let licensed therapists nearby accept them. Pricing is customised for your agency.
        </SectionIntro>
        <div className="mt-12">
          <BenefitGrid benefits={agencyBenefits} columns="lg:grid-cols-3" />
        </div>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/signup" size="lg">
            Sign up your agency
          </ButtonLink>
          <BookDemoLink />
        </div>
      </div>
    </section>
  );
}

export function TherapistsSection() {
  return (
    <section id="therapists" aria-labelledby="therapists-heading" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionIntro eyebrow="For therapists" id="therapists-heading" title="In-home therapy work on your terms">
            Licensed therapists pick up home health visits near them, set their own hours and get paid per visit.
          </SectionIntro>
          <div className="mt-8 rounded-2xl border border-brand-200 bg-white p-6">
            <h3 className="flex items-center gap-2 font-semibold text-slate-900">
              <BadgeCheck className="size-5 text-brand-700" aria-hidden />
              Our review
            </h3>
            <p className="mt-2 leading-7 text-slate-600">
              Our team verifies every therapist’s state license with the state board, their NPI with the NPPES registry and their
              CPR, liability insurance and background check documents, and checks the OIG exclusion list. Referrals go only to
              therapists whose required credentials are verified and in date, licensed in the patient’s state.
            </p>
            <h3 className="mt-6 flex items-center gap-2 font-semibold text-slate-900">
              <ClipboardCheck className="size-5 text-brand-700" aria-hidden />
              Disciplines we staff
            </h3>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Disciplines">
              {disciplines.map((code) => (
                <li key={code} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
                  <abbr title={disciplineNames[code]} className="no-underline">
                    {code}
                  </abbr>
                  <span className="sr-only"> ({disciplineNames[code]})</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-8">
            <ButtonLink to="/signup" size="lg">
              Join as a therapist
            </ButtonLink>
          </div>
        </div>
        <div className="lg:col-span-3">
          <BenefitGrid benefits={therapistBenefits} columns="" />
        </div>
      </div>
    </section>
  );
}
