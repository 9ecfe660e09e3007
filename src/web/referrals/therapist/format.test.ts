import { describe, expect, it } from 'vitest';
import { calendarDate, distanceText, offerExpiryText, placeText, referralOutcome } from './format';

const response = (status: 'accepted' | 'not_selected' | 'confirmed') => ({
  id: 'r1',
  status,
  requestedRates: {},
  counterRates: null,
  counterNote: null,
  reason: null,
  note: null,
  createdAt: '2026-03-01T00:00:00Z',
  updatedAt: '2026-03-01T00:00:00Z',
});

describe('referral formatting', () => {
  it('reads a start-by date as the same calendar day in every time zone', () => {
    expect(calendarDate('2026-03-05')).toBe('Thu, Mar 5, 2026');
    expect(calendarDate('not a date')).toBe('not a date');
  });

  it('says how far away, or that the distance is unknown', () => {
    expect(distanceText(3.24)).toBe('3.2 miles away');
    expect(distanceText(1)).toBe('1.0 mile away');
    expect(distanceText(null)).toBe('Distance unknown');
  });

  it('names the coarse place, falling back to the ZIP', () => {
    expect(placeText({ city: 'Austin', state: 'TX', zip: '78704' })).toBe('Austin, TX 78704');
    expect(placeText({ city: '', state: 'TX', zip: '78704' })).toBe('ZIP 78704');
  });

  it('says when an offer has closed', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    expect(offerExpiryText(null, 'America/Denver', now)).toBeNull();
    expect(offerExpiryText('2026-03-05T11:00:00Z', 'America/Denver', now)).toBe('Offer closed');
    // On the viewer's clock: 11:00Z is 4:00 AM in Denver.
    expect(offerExpiryText('2026-03-06T11:00:00Z', 'America/Denver', now)).toBe('Offer open until Mar 6, 4:00 AM');
  });
});

describe('referralOutcome', () => {
  it('is open while posted and not matched', () => {
    expect(referralOutcome({ status: 'posted', matchedToMe: false, myResponse: null })).toBe('open');
    expect(referralOutcome({ status: 'posted', matchedToMe: false, myResponse: response('accepted') })).toBe('open');
  });

  it('tells the matched therapist apart from the others', () => {
    expect(referralOutcome({ status: 'matched', matchedToMe: true, myResponse: response('confirmed') })).toBe('matched_to_me');
    expect(referralOutcome({ status: 'in_progress', matchedToMe: true, myResponse: null })).toBe('matched_to_me');
    expect(referralOutcome({ status: 'matched', matchedToMe: false, myResponse: response('not_selected') })).toBe('filled');
    expect(referralOutcome({ status: 'completed', matchedToMe: false, myResponse: null })).toBe('filled');
  });

  it('reports a cancelled, expired or withdrawn-to-draft referral', () => {
    expect(referralOutcome({ status: 'cancelled', matchedToMe: false, myResponse: null })).toBe('cancelled');
    expect(referralOutcome({ status: 'expired', matchedToMe: false, myResponse: null })).toBe('expired');
    expect(referralOutcome({ status: 'draft', matchedToMe: false, myResponse: null })).toBe('closed');
  });
});
