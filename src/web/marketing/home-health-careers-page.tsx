import { Apple, Footprints, Hand, HeartPulse, MessageCircle, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { PageMeta } from '../ui/page-meta';
import { CtaBand } from './cta-band';
import { MarketingHero } from './marketing-hero';
import { QuestionList } from './question-list';
import { StepsSection } from './steps-section';

interface Discipline {
  icon: LucideIcon;
  title: string;
  body: string;
  /** Whether the marketplace matches referrals for this discipline today. */
  matchedToday: boolean;
}

const disciplines: Discipline[] = [
  {
    icon: Footprints,
    title: 'Physical Therapists',
    body: 'Restore mobility, strength and balance after surgery, a fall or a hospital stay, and make the home safe to move around in. PTAs deliver treatment plans alongside them.',
    matchedToday: true,
  },
  {
    icon: Hand,
    title: 'Occupational Therapists',
    body: 'Help patients get back to everyday tasks such as dressing, bathing and cooking, with adaptive equipment and home modifications. COTAs carry out the treatment plan.',
    matchedToday: true,
  },
  {
    icon: MessageCircle,
    title: 'Speech Therapists',
    body: 'Treat swallowing, speech, language and cognitive-communication problems, often after a stroke or with a progressive condition.',
    matchedToday: true,
  },
  {
    icon: HeartPulse,
    title: 'Registered Nurses',
    body: 'Manage medications, wounds and chronic conditions, teach patients and families, and coordinate the plan of care.',
    matchedToday: false,
  },
  {
    icon: Users,
    title: 'Medical Social Workers',
    body: 'Connect patients and families with community resources, long-term planning and emotional support.',
    matchedToday: false,
  },
  {
    icon: Apple,
    title: 'Registered Dietitians',
    body: 'Assess nutrition and build eating plans for diabetes, heart failure, wound healing and recovery.',
    matchedToday: false,
  },
];

/** /careers/home-health-careers — the disciplines of home health and what in-home care is like. */
export function HomeHealthCareersPage() {
  return (
    <>
      <PageMeta
        title="Home Health Careers"
        description="Explore home health careers for physical, occupational and speech therapists, registered nurses, medical social workers and registered dietitians, and what caring for patients at home is really like."
      />
      <MarketingHero
        eyebrow="Home health careers"
        title="Care that happens where patients live"
        intro={
          <p>
            Home health brings skilled care to patients recovering from illness, injury or surgery in their own homes. It rewards
            clinicians who like autonomy, one-to-one time with patients and real variety in their day.
          </p>
        }
        primary={{ to: '/signup', label: 'Sign Up' }}
        secondary={{ to: '/careers/benefits-support', label: 'Benefits and Support' }}
      />

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="max-w-3xl">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Disciplines in home health</h2>
          <p className="mt-3 text-lg text-slate-700">
            A home health plan of care brings several professions together. CareRelay matches referrals for the therapy disciplines
            today (PT, PTA, OT, COTA and ST) and is growing into the others.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {disciplines.map(({ icon: Icon, title, body, matchedToday }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{body}</p>
              <p className={matchedToday ? 'mt-4 text-sm font-semibold text-brand-800' : 'mt-4 text-sm font-semibold text-slate-700'}>
                {matchedToday ? 'Referrals matched on CareRelay today' : 'Growing: join the list through Contact'}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <StepsSection
        heading="What a day of in-home care is like"
        intro={<p>No two days are the same, but most follow a rhythm like this one.</p>}
        steps={[
          { title: 'Plan your route', body: 'Visits are grouped near you, so a morning might be three patients within a few miles of each other.' },
          { title: 'Arrive and assess', body: 'Check in, review how the patient is doing and look at the home itself: stairs, rugs, bathrooms, lighting.' },
          { title: 'Treat one-to-one', body: 'A full visit with one patient and no one waiting in the next bay, often with family members learning alongside.' },
          { title: 'Teach for the days between', body: 'Leave the patient and carers with exercises and strategies, because most recovery happens between visits.' },
          { title: 'Document', body: 'Record the visit in structured notes, ideally before you leave the driveway.' },
          { title: 'Coordinate', body: 'Keep the agency and the rest of the care team informed, so the plan of care keeps pace with the patient.' },
        ]}
      />

      <QuestionList
        heading="Is home health right for me?"
        questions={[
          {
            question: 'Do I need home health experience?',
            answer:
              'It helps, but many clinicians move into home health from hospitals, outpatient clinics or skilled nursing. What matters most is confidence working on your own and clear documentation.',
          },
          {
            question: 'How is it different from facility work?',
            answer:
              'You work independently in the patient’s real environment, manage your own schedule and travel between visits. You see the barriers patients actually face, and can fix them on the spot.',
          },
          {
            question: 'How do I get paid?',
            answer: 'On CareRelay you are paid per completed visit, through the platform, after the agency approves your documentation.',
          },
          {
            question: 'What if my discipline is not matched yet?',
            answer: 'Contact us with your discipline, license state and area. We will let you know as agencies open visits for it near you.',
          },
        ]}
      />

      <CtaBand
        heading="Find your place in home health"
        body={<p>Therapists can sign up now. Nurses, social workers and dietitians: contact us to join the list.</p>}
        contactTo="/contact?subject=Home%20health%20careers"
      />
    </>
  );
}
