import { BadgeCheck, ClipboardCheck, FileSearch, Lock, ShieldCheck, Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import { claims, pricing } from '../../domain/site';
import { PageMeta } from '../ui/page-meta';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { MarketingHero } from './marketing-hero';
import { formatPriceRange } from './price-range';
import { QuestionList } from './question-list';
import { StepsSection } from './steps-section';

const ptRange = formatPriceRange(pricing.physicalTherapyPerVisit);

/** /services/physical-therapy-staffing — for home health agencies that need PT and PTA coverage. */
export function PhysicalTherapyStaffingPage() {
  return (
    <>
      <PageMeta
        title="Physical Therapy Staffing for Home Health Agencies"
        description={`On-demand PT and PTA coverage for home health agencies. Licensed therapists, reviewed by our team, accept referrals in about ${claims.averageFillMinutes} minutes; ${ptRange} per visit, paid only per completed visit.`}
      />
      <MarketingHero
        eyebrow="For home health agencies"
        title="Physical therapy staffing, filled in minutes"
        intro={
          <p>
            Post a referral and licensed physical therapists (PTs) and physical therapist assistants (PTAs) near your patient are
            notified at once. Referrals are typically filled in {claims.averageFillMinutes} minutes or less, against an industry
            average of {claims.industryFillHours} hours.
          </p>
        }
        primary={{ to: '/signup', label: 'Sign Up as an Agency' }}
        secondary={{ to: '/contact?subject=Physical%20therapy%20staffing', label: 'Talk to Our Team' }}
        highlights={[
          { value: `${claims.averageFillMinutes} min`, label: 'Average time to fill a referral' },
          { value: ptRange, label: 'Physical therapy, per visit' },
          { value: `${claims.visitCompletionPercent}%`, label: 'Visit completion rate' },
        ]}
      />

      <FeatureGrid
        heading="Coverage you can put in front of a surveyor"
        intro={<p>Every therapist on CareRelay is reviewed before they can accept a single referral, and every visit leaves a paper trail.</p>}
        features={[
          {
            icon: BadgeCheck,
            title: 'License review',
            body: 'Our team verifies each PT and PTA license with the state board before approval and tracks its expiry date; referrals go only to therapists with a verified license in your patient’s state that is in date.',
          },
          {
            icon: ShieldCheck,
            title: 'Profiles before you confirm',
            body: 'You see who answered your referral and open their profile: what was verified and when, experience, specialties, reliability and ratings, before you confirm a match.',
          },
          {
            icon: ClipboardCheck,
            title: 'Visit verification',
            body: 'Each visit records check-in and check-out times and location, and flags a visit far from the patient, far from its time or much shorter than planned.',
          },
          {
            icon: FileSearch,
            title: 'Documentation review',
            body: 'Therapists submit signed, structured visit notes. Your team reviews and approves them, or asks for changes, before anything is paid.',
          },
          {
            icon: Stethoscope,
            title: 'PT and PTA coverage',
            body: 'Evaluations, progress reports and discharges go to PTs; treatment visits can go to PTs or PTAs, following the supervision rules you already work under.',
          },
          {
            icon: Lock,
            title: 'HIPAA-compliant by design',
            body: 'Patient details are shared only after you confirm a match, are encrypted at rest, and every access is written to an audit log.',
          },
        ]}
      />

      <StepsSection
        heading="How physical therapy staffing works"
        steps={[
          {
            title: 'Post a referral',
            body: 'Discipline, services, visit frequency, start-by date and the patient’s ZIP code. No names or identifiers until you confirm a match.',
          },
          {
            title: 'Local therapists accept',
            body: 'Available therapists within their travel radius are notified instantly and accept at your rate or ask for a higher one for complex or long-distance cases.',
          },
          {
            title: 'Confirm and share details',
            body: 'Review the therapist’s profile and credentials, confirm the match, and add the patient’s details for the therapist alone to see.',
          },
          { title: 'Visits are completed', body: 'The therapist schedules with the patient, completes the visits and records check-in and check-out.' },
          { title: 'Review documentation', body: 'Approve the signed visit notes or send them back with comments.' },
          { title: 'Pay per completed visit', body: 'You are invoiced only for approved, completed visits; the therapist is paid out through the platform.' },
        ]}
      />

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 rounded-3xl border border-brand-200 bg-brand-50 p-8 sm:p-10 lg:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Simple per-visit pricing</h2>
            <p className="mt-3 text-lg text-slate-700">
              Physical therapy visits typically cost <strong className="text-slate-900">{ptRange} per visit</strong>, depending on the
              service, the distance and the complexity of the case.
            </p>
            <p className="mt-3 font-semibold text-brand-800">{pricing.promise}.</p>
          </div>
          <div className="text-slate-700">
            <p>
              Pricing is customised for each agency around your volume, service area and mix of evaluations and treatment visits.{' '}
              <Link to="/contact?subject=Agency%20pricing" className="font-semibold text-brand-800 underline">
                Contact us for your agency’s pricing
              </Link>
              .
            </p>
            <p className="mt-3">
              Agencies on CareRelay save {claims.averageSavingsPercent}% on average compared with traditional staffing arrangements,
              because you pay for completed visits rather than retainers or idle hours.
            </p>
          </div>
        </div>
      </section>

      <QuestionList
        heading="Questions agencies ask"
        questions={[
          {
            question: 'Which disciplines can I request?',
            answer:
              'This page covers physical therapy: PTs and PTAs. The same marketplace also matches occupational therapists (OT), certified occupational therapy assistants (COTA) and speech therapists (ST).',
          },
          {
            question: 'What if no one accepts my referral?',
            answer:
              'The referral stays open to newly available therapists until its start-by date, and you pay nothing for a referral that is never filled. If a case is hard to cover, our team will help you adjust the offered rate or the visit plan.',
          },
          {
            question: 'Can a therapist ask for more than my offered rate?',
            answer:
              'Yes. For complex or long-distance cases a therapist may request a higher rate with a reason. You choose whether to confirm them; nothing is agreed until you do.',
          },
          {
            question: 'Do you sign a Business Associate Agreement?',
            answer: 'Yes. We sign a Business Associate Agreement with every agency before patient information is shared on the platform.',
          },
        ]}
      />

      <CtaBand
        heading="Fill your next PT referral today"
        body={<p>Create your agency account, or tell us about your service area and we will put together your pricing.</p>}
        contactTo="/contact?subject=Agency%20pricing"
      />
    </>
  );
}
