import { BellRing, CalendarClock, CreditCard, FileText, MapPin, TrendingUp } from 'lucide-react';
import { claims, pricing, support } from '../../domain/site';
import { PageMeta } from '../ui/page-meta';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { MarketingHero } from './marketing-hero';
import { formatPriceRange } from './price-range';
import { QuestionList } from './question-list';
import { StepsSection } from './steps-section';

const ptRange = formatPriceRange(pricing.physicalTherapyPerVisit);

/** /careers/physical-therapist-jobs — for PTs and PTAs looking for flexible home health work. */
export function PhysicalTherapistJobsPage() {
  return (
    <>
      <PageMeta
        title="Physical Therapist Jobs in Home Health"
        description={`Flexible home health jobs for physical therapists and PTAs. Choose your own schedule, patients and locations, earn ${ptRange} per visit and get paid through the platform for every completed visit.`}
      />
      <MarketingHero
        eyebrow="For physical therapists and PTAs"
        title="Home health physical therapy on your terms"
        intro={
          <p>
            CareRelay sends you referrals from home health agencies near you. You decide which patients to see, where and when, and
            you are paid for every completed visit.
          </p>
        }
        primary={{ to: '/signup', label: 'Sign Up as a Therapist' }}
        secondary={{ to: '/contact?subject=Physical%20therapist%20jobs', label: 'Ask a Question' }}
        highlights={[
          { value: ptRange, label: 'Typical pay per visit' },
          { value: 'You choose', label: 'Schedule, patients and locations' },
          { value: 'Per visit', label: 'Paid through the platform' },
        ]}
      />

      <FeatureGrid
        heading="Why therapists choose CareRelay"
        features={[
          {
            icon: CalendarClock,
            title: 'Choose your own schedule',
            body: 'Take on a full caseload or a few visits around another job. There are no minimum hours and no shifts to cover.',
          },
          {
            icon: MapPin,
            title: 'Choose your patients and locations',
            body: 'Set the travel radius you are willing to cover from your ZIP code. You only hear about referrals inside it, and you accept only the ones you want.',
          },
          {
            icon: TrendingUp,
            title: 'Ask for a higher rate',
            body: 'For complex or long-distance cases, request a higher rate and say why. The agency decides before the match is confirmed, so you never work for less than you agreed.',
          },
          {
            icon: BellRing,
            title: 'Referrals the moment they post',
            body: `Available therapists are notified instantly when an agency posts. Agencies fill referrals in about ${claims.averageFillMinutes} minutes, so being quick pays.`,
          },
          {
            icon: FileText,
            title: 'Documentation in one place',
            body: 'Structured visit notes for evaluations, treatment sessions, progress reports and discharge summaries, signed and submitted from the same app.',
          },
          {
            icon: CreditCard,
            title: 'Paid per completed visit',
            body: 'When the agency approves your documentation, the visit is paid out to you through the platform. No chasing invoices.',
          },
        ]}
      />

      <StepsSection
        heading="From referral to payout"
        steps={[
          { title: 'Get notified', body: 'A referral near you arrives with the services, visit frequency and coarse location; no patient identifiers yet.' },
          { title: 'Accept or ask for more', body: 'Accept at the offered rate, or request a higher one with a reason.' },
          { title: 'Get confirmed', body: 'The agency reviews your profile and confirms the match, then shares the patient’s details with you alone.' },
          { title: 'See your patient', body: 'Schedule directly with the patient and complete the visit, checking in and out in the app.' },
          { title: 'Submit your notes', body: 'Sign and submit your documentation; the agency approves it or asks for changes.' },
          { title: 'Get paid', body: 'Each approved, completed visit is paid out to you through the platform.' },
        ]}
      />

      <QuestionList
        heading="Questions therapists ask"
        questions={[
          {
            question: 'Who can join?',
            answer:
              'Licensed physical therapists (PT) and physical therapist assistants (PTA), as well as occupational therapists, COTAs and speech therapists. You need an active license in the state where you see patients.',
          },
          {
            question: 'What does approval involve?',
            answer:
              'You upload your license, CPR/BLS card, liability insurance and background check under Credentials. Our team verifies your license with the state board and reviews the documents; your NPI is checked with the NPPES registry. Once approved you start receiving referrals in your area.',
          },
          {
            question: 'Can PTAs take every visit?',
            answer:
              'PTAs can take treatment visits. Initial evaluations, progress reports and discharge summaries go to physical therapists, in line with the supervision rules for home health.',
          },
          {
            question: 'How and when am I paid?',
            answer:
              'Per completed visit, at the rate agreed when the agency confirmed you. Once the agency approves your documentation for a visit, it is paid out to you through the platform.',
          },
        ]}
      />

      <CtaBand
        heading="Start seeing patients near you"
        body={
          <p>
            Sign up in a few minutes. Our team reviews new therapist accounts and will reach out within {support.signupReview} to
            finish your verification.
          </p>
        }
      />
    </>
  );
}
