import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, presentUndelivered, subjectForStaff } from './presenters';
import type { UndeliveredRow } from './queries';

const row = (overrides: Partial<UndeliveredRow>): UndeliveredRow => ({
  id: 'a3c1e0d2-6f0e-4c59-9d8e-0c1f1f7b2a10',
  job: 'send-mail',
  data: {},
  attempts: 3,
  lastError: 'connect ECONNREFUSED',
  failedAt: new Date('2026-03-02T15:00:00Z'),
  mailTo: null,
  mailSubject: null,
  smsTo: null,
  ...overrides,
});

describe('what managers see of an undelivered message', () => {
  it('masks an address to its first letter and domain, and a number to its last four digits', () => {
    expect(maskEmail('grace@agency.test')).toBe('g•••@agency.test');
    expect(maskEmail('not-an-address')).toBe('•••');
    expect(maskPhone('+1 (512) 555-0100')).toBe('••• ••• 0100');
    expect(maskPhone('12')).toBe('•••');
  });

  it('leaves out what a visitor typed into a contact or lead subject, and keeps the app’s own subjects', () => {
    expect(subjectForStaff('Contact: About Jane Roe, my patient')).toBe('Contact: …');
    expect(subjectForStaff('New lead: Jane Roe (Roe Home Care)')).toBe('New lead: …');
    expect(subjectForStaff('Reset your CareRelay password')).toBe('Reset your CareRelay password');
  });

  it('names each kind by its recipient or role, never by its content', () => {
    expect(presentUndelivered(row({ mailTo: 'casey@therapists.test', mailSubject: 'Welcome to CareRelay: set your password' }))).toEqual({
      id: 'a3c1e0d2-6f0e-4c59-9d8e-0c1f1f7b2a10',
      kind: 'email',
      recipient: 'c•••@therapists.test',
      summary: 'Welcome to CareRelay: set your password',
      failedAt: '2026-03-02T15:00:00.000Z',
      attempts: 3,
      lastError: 'connect ECONNREFUSED',
    });
    expect(presentUndelivered(row({ job: 'send-sms', smsTo: '+15125550100' }))).toMatchObject({ kind: 'sms', recipient: '••• ••• 0100', summary: 'Text message' });
    const chat = presentUndelivered(row({ job: 'signup-webhook', data: { target: 'therapist', content: '**New therapist sign-up**\nName: Casey Lee' } }));
    expect(chat).toMatchObject({ kind: 'signup-chat', recipient: 'Therapist sign-ups chat', summary: 'New therapist sign-up' });
    expect(JSON.stringify(chat)).not.toContain('Casey');
    expect(presentUndelivered(row({ job: 'referral-alerts', data: { referralId: 'r', therapistIds: ['a', 'b'] } }))).toMatchObject({ recipient: '2 therapists' });
    expect(presentUndelivered(row({ job: 'referral-alerts', data: { referralId: 'r' } }))).toMatchObject({ recipient: 'Therapists offered it' });
    expect(presentUndelivered(row({ job: 'referral-alert', data: { referralId: 'r', therapistId: 't' } }))).toMatchObject({ recipient: 'A therapist' });
  });
});
