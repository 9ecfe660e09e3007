import type { FaqItem } from '../domain/content';

/** The landing page's 14 FAQs, each tagged for agencies, therapists or both. */
export const faqs: FaqItem[] = [
  {
    id: 'how-fast',
    question: 'How quickly are referrals filled?',
    answer:
      'Most referrals are filled in 15 minutes or less. Available therapists near the patient are notified the moment a referral is posted.',
    audience: 'both',
  },
];
