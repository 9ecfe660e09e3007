import { BadgeCheck, CalendarClock, FileText, Headset, Mail, MapPin, MessageSquare, Phone, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { pricing, support } from '../../domain/site';
import { PageMeta } from '../ui/page-meta';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { MarketingHero } from './marketing-hero';
import { formatPriceRange } from './price-range';
import { QuestionList } from './question-list';

const telHref = `tel:${support.phone.replace(/[^\d+]/g, '')}`;

/** /careers/benefits-support — what clinicians get from working through CareRelay, and how to reach us. */
export function BenefitsSupportPage() {
  return (
    <>
      <PageMeta
        title="Benefits and Support for Clinicians"
        description={`Flexible schedules, pay per completed visit, help with credentials and documentation tools. Our support team replies within ${support.replyWithin}; phone support ${support.phoneHours}.`}
      />
      <MarketingHero
        eyebrow="Benefits and support"
        title="Flexible work, with a team behind you"
        intro={
          <p>
            Working through CareRelay means choosing your own caseload without going it alone. Here is what you get, and how to reach a
            person when you need one.
          </p>
        }
        primary={{ to: '/signup', label: 'Sign Up' }}
        secondary={{ to: '/contact?subject=Clinician%20support', label: 'Contact Support' }}
        highlights={[
          { value: support.replyWithin, label: 'Support replies within' },
          { value: support.phoneHours, label: 'Phone support' },
          { value: formatPriceRange(pricing.physicalTherapyPerVisit), label: 'Typical PT pay per visit' },
        ]}
      />

      <FeatureGrid
        heading="The benefits"
        features={[
          {
            icon: CalendarClock,
            title: 'Flexibility',
            body: 'Choose your own schedule, patients and locations. Work a full caseload, weekends only, or a few visits around another job.',
          },
          {
            icon: Wallet,
            title: 'Pay per visit',
            body: 'Every completed visit is paid at the rate agreed before you accepted, and you can request a higher rate for complex or long-distance cases.',
          },
          {
            icon: BadgeCheck,
            title: 'Credential help',
            body: 'Our team verifies your credentials when you join and reminds you 60, 30 and 7 days before each one expires. When you renew, upload it under Credentials and we verify the new one.',
          },
          {
            icon: FileText,
            title: 'Documentation tools',
            body: 'Structured notes for evaluations, treatment sessions, progress reports and discharge summaries, with visit check-in and check-out recorded for you.',
          },
          {
            icon: MapPin,
            title: 'Work close to home',
            body: 'Set the radius you are willing to travel from your ZIP code. You only hear about referrals inside it, so less time goes on the road.',
          },
          {
            icon: Headset,
            title: 'Real people on support',
            body: `Email us any time and hear back within ${support.replyWithin}, or call during phone hours, ${support.phoneHours}.`,
          },
        ]}
      />

      <section className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">How to reach us</h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            <li className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <Mail className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">Email</h3>
              <a href={`mailto:${support.email}`} className="mt-1 block font-medium break-all text-brand-800 underline">
                {support.email}
              </a>
              <p className="mt-2 text-slate-700">We reply within {support.replyWithin}.</p>
            </li>
            <li className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <Phone className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">Phone</h3>
              <a href={telHref} className="mt-1 block font-medium text-brand-800 underline">
                {support.phone}
              </a>
              <p className="mt-2 text-slate-700">{support.phoneHours}.</p>
            </li>
            <li className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <MessageSquare className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">Contact form</h3>
              <Link to="/contact?subject=Clinician%20support" className="mt-1 block font-medium text-brand-800 underline">
                Send us a message
              </Link>
              <p className="mt-2 text-slate-700">Tell us what you need; the right person picks it up.</p>
            </li>
          </ul>
        </div>
      </section>

      <QuestionList
        heading="Support questions"
        questions={[
          {
            question: 'My license is about to expire. What happens?',
            answer:
              'We remind you 60, 30 and 7 days before and on the day. You are offered referrals only while your license is verified and current, so upload the renewal under Credentials; once our team verifies it you keep receiving referrals.',
          },
          {
            question: 'An agency asked me to change my visit notes. Can you help?',
            answer:
              'Yes. The agency’s comments appear with the note; if anything is unclear, contact support and we will help you resolve it quickly so the visit can be paid.',
          },
          {
            question: 'When is a visit paid?',
            answer: 'Once the agency approves your documentation for the completed visit, it is paid out to you through the platform.',
          },
        ]}
      />

      <CtaBand
        heading="Ready when you are"
        body={<p>Sign up to start receiving referrals, or contact us with any question first.</p>}
        contactTo="/contact?subject=Clinician%20support"
      />
    </>
  );
}
