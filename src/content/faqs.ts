import { DEFAULT_SERVICE_RADIUS_MILES } from '../domain/accounts';
import type { FaqItem } from '../domain/content';
import { claims, pricing, support } from '../domain/site';

/** The landing page's 14 FAQs, each tagged for agencies, therapists or both. */
export const faqs: FaqItem[] = [
  {
    id: 'how-fast',
    question: 'How quickly are referrals filled?',
    answer: `Most referrals are filled in ${claims.averageFillMinutes} minutes or less, against an industry average of about ${claims.industryFillHours} hours. Available therapists near the patient are notified the moment a referral is posted.`,
    audience: 'both',
  },
  {
    id: 'agency-pricing',
    question: 'How does pricing work for agencies?',
    answer: `${pricing.promise}. Pricing is customised for each agency: contact us or book a demo for a quote. As a guide, physical therapy visits typically run $${pricing.physicalTherapyPerVisit.min}-$${pricing.physicalTherapyPerVisit.max} per visit, and agencies save ${claims.averageSavingsPercent}% on average.`,
    audience: 'agencies',
  },
  {
    id: 'agency-credentials',
    question: 'How do you check therapists’ credentials?',
    answer:
      'Our team verifies each state license against the state board’s lookup and reviews the documents for CPR/BLS, professional liability insurance and the background check; NPIs are checked against the NPPES registry, and every therapist against the OIG exclusion list at approval and after each monthly update. Referrals, confirmations and check-ins go only to therapists whose required credentials are verified and in date, licensed in the patient’s state; a changed credential goes back to review. Before you confirm a match you can open the therapist’s profile: what was verified and when, experience, reliability and ratings.',
    audience: 'agencies',
  },
  {
    id: 'agency-posting',
    question: 'What goes into a referral?',
    answer:
      'The discipline and services you need, the patient’s ZIP code, the visit frequency (for example 2w4: twice a week for four weeks), a start-by date, the urgency, a clinical summary without identifiers and the rates you offer. The patient’s name and contact details are shared only with the therapist you confirm.',
    audience: 'agencies',
  },
  {
    id: 'agency-disciplines',
    question: 'Which disciplines can we request?',
    answer:
      'Physical Therapists (PT), Physical Therapist Assistants (PTA), Occupational Therapists (OT), Certified Occupational Therapy Assistants (COTA) and Speech Therapists (ST). Evaluations, progress reports and discharges are done by a PT, OT or ST; PTAs and COTAs take treatment visits.',
    audience: 'agencies',
  },
  {
    id: 'agency-documentation',
    question: 'How do we review visit documentation?',
    answer:
      'The therapist submits signed documentation for each visit through the platform. You review it, then approve it or request changes. You are charged only once you approve the documentation of a completed visit.',
    audience: 'agencies',
  },
  {
    id: 'therapist-join',
    question: 'Who can join as a therapist?',
    answer:
      'Licensed PTs, PTAs, OTs, COTAs and STs who provide in-home care. Our team reviews your NPI and state license before approval, so agencies know who they are working with.',
    audience: 'therapists',
  },
  {
    id: 'therapist-schedule',
    question: 'Do I choose my own schedule?',
    answer:
      'Yes. You choose your own schedules, patients and locations. You are notified of referrals that fit your discipline and area, and you accept only the ones you want.',
    audience: 'therapists',
  },
  {
    id: 'therapist-radius',
    question: 'How far will I have to travel?',
    answer: `You set a service radius around your ZIP code (${DEFAULT_SERVICE_RADIUS_MILES} miles unless you change it). You are only notified of referrals for patients inside that radius and in a state where you hold a current license.`,
    audience: 'therapists',
  },
  {
    id: 'therapist-payment',
    question: 'How do I get paid?',
    answer:
      'You are paid through the platform via our card payment provider, per completed visit, at the rate agreed for the referral. Once the agency approves your documentation the payout is on its way, with no invoices to chase.',
    audience: 'therapists',
  },
  {
    id: 'rate-requests',
    question: 'Can therapists ask for a higher rate?',
    answer:
      'Yes. For complex or long-distance cases a therapist may request a higher rate, with a reason, instead of accepting the offered rate. The agency sees every acceptance and rate request side by side and decides which therapist to confirm.',
    audience: 'both',
  },
  {
    id: 'hipaa',
    question: 'Is CareRelay HIPAA-compliant?',
    answer:
      'Yes. Before a match, therapists see only the patient’s ZIP code and a clinical summary without identifiers. Patient details are encrypted at rest, visible only to the agency and the matched therapist, and every access is recorded in an audit log.',
    audience: 'both',
  },
  {
    id: 'account-review',
    question: 'How long does it take to get approved after signing up?',
    answer: `Our team reviews every new agency and therapist account and reaches out within ${support.signupReview}. Once approved, agencies can post referrals and therapists start receiving them.`,
    audience: 'both',
  },
  {
    id: 'support',
    question: 'How can I reach support?',
    answer: `Email ${support.email} and we reply within ${support.replyWithin}, or call ${support.phone}, ${support.phoneHours}.`,
    audience: 'both',
  },
];
