import { describe, expect, it } from 'vitest';
import { ageOn, formatPhone } from '../patient-format';
import { formatDay, formatFillTime, placeLabel, servicesLabel } from './format';
import { frequencyPreview } from './visit-frequency-field';

describe('referral formatting', () => {
  it('reads a calendar date without letting the time zone move it', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('says fill time as people do', () => {
    expect(formatFillTime(0.2)).toBe('under a minute');
    expect(formatFillTime(1)).toBe('1 minute');
    expect(formatFillTime(12)).toBe('12 minutes');
    expect(formatFillTime(60)).toBe('1 hour');
    expect(formatFillTime(185)).toBe('3 hours 5 minutes');
    expect(formatFillTime(60 * 24 * 2 + 60 * 4 + 10)).toBe('2 days 4 hours');
  });

  it('names the place and the services', () => {
    expect(placeLabel({ zip: '78701', city: 'Austin', state: 'TX' })).toBe('Austin, TX 78701');
    expect(servicesLabel([{ name: 'Initial Evaluation', visitCount: 1 }, { name: 'Treatment Session', visitCount: 8 }])).toBe(
      'Initial Evaluation × 1, Treatment Session × 8',
    );
  });

  it('describes a visit frequency in words, or says what is wrong with it', () => {
    expect(frequencyPreview('')).toBe('');
    expect(frequencyPreview('2w4')).toBe('Twice a week for 4 weeks: 8 visits over 4 weeks.');
    expect(frequencyPreview('1w1, 2w4')).toBe('Once a week for 1 week, then twice a week for 4 weeks: 9 visits over 5 weeks.');
    expect(frequencyPreview('twice weekly')).toBe('"twice weekly" is not in the form 2w4 (visits per week, w, weeks)');
  });
});

describe('patient formatting', () => {
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageOn('1948-03-14', '2026-03-13')).toBe(77);
    expect(ageOn('1948-03-14', '2026-03-14')).toBe(78);
    expect(ageOn('nonsense', '2026-03-14')).toBeNull();
  });

  it('shows a US phone number in the usual form', () => {
    expect(formatPhone('5125550100')).toBe('(512) 555-0100');
    expect(formatPhone('+1 512 555 0100')).toBe('(512) 555-0100');
    expect(formatPhone('12345')).toBe('12345');
  });
});
