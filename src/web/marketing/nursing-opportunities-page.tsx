import { CalendarClock, HeartHandshake, Home, ListChecks, ShieldCheck, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { pricing } from '../../domain/site';
import { PageMeta } from '../ui/page-meta';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { MarketingHero } from './marketing-hero';
import { formatPriceRange } from './price-range';
import { QuestionList } from './question-list';

const nursingRange = formatPriceRange(pricing.nursingPerVisit);
const joinListLink = '/contact?subject=Join%20the%20nursing%20list';

/**
 * /careers/nursing-opportunities — for registered nurses. Matching today covers the therapy disciplines
 * only, so this page invites nurses onto the list rather than promising referrals.
 */
export function NursingOpportunitiesPage() {
  return (
    <>
      <PageMeta
        title="Home Health Nursing Opportunities for RNs"
        description={`Per-visit home health nursing opportunities for registered nurses, typically ${nursingRange} per visit. Nursing on CareRelay is growing: join the list to hear first as agencies in your area open RN visits.`}
      />
      <MarketingHero
        eyebrow="For registered nurses"
        title="Home health nursing, one visit at a time"
        intro={
          <p>
            Agencies are asking us for the same on-demand model for nursing visits that they use for therapy. Our nursing network is
            growing: join the list and we will reach out as RN opportunities open in your area.
          </p>
        }
        primary={{ to: joinListLink, label: 'Join the List' }}
        secondary={{ to: '/signup', label: 'Sign Up' }}
        highlights={[
          { value: nursingRange, label: 'Typical nursing pay per visit' },
          { value: 'You choose', label: 'Your hours and service area' },
          { value: 'Per visit', label: 'Paid for completed visits' },
        ]}
      />

      <section className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
          <h2 className="text-xl font-bold text-slate-900">Where nursing stands today</h2>
          <p className="mt-2 text-slate-800">
            Today the CareRelay marketplace matches referrals for the therapy disciplines: physical therapists (PT), physical therapist
            assistants (PTA), occupational therapists (OT), certified occupational therapy assistants (COTA) and speech therapists (ST).
            Nursing roles are listed here as opportunities while we grow the nursing side with our partner agencies. We would rather
            tell you that plainly than promise referrals we cannot yet send.
          </p>
          <p className="mt-3 text-slate-800">
            <Link to={joinListLink} className="font-semibold text-brand-800 underline">
              Join the list
            </Link>{' '}
            with a note giving your license state and the area you cover, and you will be among the first we contact.
          </p>
        </div>
      </section>

      <FeatureGrid
        heading="What nursing on CareRelay will look like"
        intro={<p>The same principles that therapists rely on today.</p>}
        features={[
          {
            icon: Wallet,
            title: 'Clear per-visit pay',
            body: `Home health nursing visits typically pay ${nursingRange} per visit, agreed before you accept, and paid for every completed visit.`,
          },
          {
            icon: CalendarClock,
            title: 'Your schedule',
            body: 'Pick up visits around your existing job or build a full caseload. You accept only the visits that fit.',
          },
          {
            icon: Home,
            title: 'Close to home',
            body: 'Opportunities are matched to the area you choose to cover, so you spend your time with patients rather than on the road.',
          },
          {
            icon: ShieldCheck,
            title: 'Reviewed and protected',
            body: 'Every clinician’s NPI and license reviewed before approval, and patient information encrypted and shown only to the agency and clinician on the case.',
          },
          {
            icon: ListChecks,
            title: 'Documentation tools',
            body: 'Structured, signed visit notes submitted in the app, reviewed by the agency before payment.',
          },
          {
            icon: HeartHandshake,
            title: 'A real support team',
            body: 'Questions about credentials, visits or pay are answered by people who know home health.',
          },
        ]}
      />

      <QuestionList
        heading="Questions nurses ask"
        questions={[
          {
            question: 'Can I accept nursing referrals today?',
            answer:
              'Not yet. Referral matching currently covers therapy disciplines. Joining the list means we contact you as agencies in your area open nursing visits.',
          },
          {
            question: 'Which nurses are you looking for?',
            answer: 'Registered nurses (RNs) with an active license in the state where they would see patients and an interest in home health.',
          },
          {
            question: 'Does joining the list commit me to anything?',
            answer: 'No. You choose whether to take any opportunity we send you.',
          },
        ]}
      />

      <CtaBand
        heading="Be first in line for nursing visits"
        body={<p>Tell us about your experience and the area you cover, and we will reach out as nursing visits open near you.</p>}
        contactLabel="Join the List"
        contactTo={joinListLink}
      />
    </>
  );
}
