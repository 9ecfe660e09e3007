import { describe, expect, it } from 'vitest';
import { presentGroup } from './groups';
import { dollars, ratesLine, referralTag, visitWhen } from './wording';

describe('notification wording', () => {
  it('names a referral by its reference and coarse place only', () => {
    expect(referralTag({ referenceNumber: 1042, patientCity: 'Austin', patientState: 'TX' })).toBe('R-1042 · Austin, TX');
  });

  it('writes rates per service, in the referral’s order, comparing where asked', () => {
    const services = [{ serviceId: 'evaluation' }, { serviceId: 'treatment' }];
    expect(dollars(150)).toBe('$150');
    expect(dollars(152.5)).toBe('$152.50');
    expect(ratesLine(services, { treatment: 100, evaluation: 150 })).toBe('Initial Evaluation $150, Treatment Session $100');
    expect(ratesLine(services, { evaluation: 170, treatment: 100 }, { rates: { evaluation: 150, treatment: 100 }, word: 'offered' })).toBe(
      'Initial Evaluation $170 (offered $150), Treatment Session $100',
    );
  });

  it('writes a visit’s time on the reader’s clock', () => {
    const start = new Date('2026-11-24T15:30:00Z');
    expect(visitWhen({ serviceName: 'Initial Evaluation', scheduledStart: start }, 'America/Chicago')).toBe('Initial Evaluation on Tue, Nov 24 at 9:30 AM CST');
    expect(visitWhen({ serviceName: 'Initial Evaluation', scheduledStart: start }, 'America/Los_Angeles')).toBe('Initial Evaluation on Tue, Nov 24 at 7:30 AM PST');
  });
});

describe('notification groups', () => {
  const alert = { type: 'referral.posted', title: 'New PT referral near you', body: 'R-1042 · Austin, TX.', link: '/dashboard/therapist/referrals/a' };

  it('counts new-referral alerts of one discipline and leads to the list of referrals near the therapist', () => {
    expect(presentGroup(alert, 3)).toEqual({ title: '3 new PT referrals near you', body: 'The newest: R-1042 · Austin, TX.', link: '/dashboard/therapist/referrals' });
  });

  it('leaves a single notification, and a group of one type and link, as its newest says', () => {
    expect(presentGroup(alert, 1)).toEqual({ title: alert.title, body: alert.body, link: alert.link });
    const accepted = { type: 'referral.accepted', title: 'Robin Okafor accepted R-1042 · Austin, TX', body: 'At your rates.', link: '/dashboard/agency/referrals/a' };
    expect(presentGroup(accepted, 2)).toEqual({ title: accepted.title, body: accepted.body, link: accepted.link });
  });
});
