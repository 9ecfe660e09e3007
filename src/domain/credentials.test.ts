import { describe, expect, it } from 'vitest';
import { credentialProblems, defaultRequiredCredentialKinds, expiryReminderDue, verifiedBadge, type CredentialForBadge } from './credentials';

const today = '2026-11-24';
const verified = (kind: CredentialForBadge['kind'], fields: Partial<CredentialForBadge> = {}): CredentialForBadge => ({
  kind,
  status: 'verified',
  issuer: kind === 'state_license' ? 'TX' : 'Issuer',
  expiresOn: '2030-12-31',
  verifiedAt: '2026-11-02T15:00:00Z',
  ...fields,
});
const ready = [verified('state_license'), verified('npi', { expiresOn: null }), verified('cpr_bls'), verified('liability_insurance'), verified('background_check', { expiresOn: null })];
const judge = (credentials: CredentialForBadge[], patientState = 'TX') =>
  credentialProblems({ credentials, required: defaultRequiredCredentialKinds, patientState, today }).map((p) => p.message);

describe('credentialProblems', () => {
  it('finds nothing missing when every required kind is verified and current', () => {
    expect(judge(ready)).toEqual([]);
  });

  it('names a license of another state as none on file for the patient state', () => {
    expect(judge(ready, 'OK')).toEqual(['State license (OK): none on file']);
  });

  it('counts a compact privilege in the patient state as a license there', () => {
    expect(judge([...ready, verified('state_license', { issuer: 'ok', compactPrivilege: true })], 'OK')).toEqual([]);
  });

  it('names an expired license with its date, judged by the last valid day', () => {
    const lapsed = ready.map((c) => (c.kind === 'state_license' ? { ...c, expiresOn: '2026-11-23' } : c));
    expect(judge(lapsed)).toEqual(['State license (TX): expired 2026-11-23']);
    const lastDay = ready.map((c) => (c.kind === 'state_license' ? { ...c, expiresOn: today } : c));
    expect(judge(lastDay)).toEqual([]);
  });

  it('names credentials awaiting verification, rejected or missing', () => {
    const mixed = [
      ...ready.filter((c) => c.kind !== 'background_check' && c.kind !== 'cpr_bls' && c.kind !== 'npi'),
      verified('background_check', { status: 'submitted' }),
      verified('cpr_bls', { status: 'rejected' }),
    ];
    expect(judge(mixed)).toEqual(['NPI: none on file', 'CPR/BLS certification: rejected', 'Background check: awaiting verification']);
  });
});

describe('expiryReminderDue', () => {
  it('is due at 60, 30 and 7 days and on the day, the smallest threshold reached', () => {
    expect(expiryReminderDue('2027-01-23', today)).toBe(60);
    expect(expiryReminderDue('2027-01-24', today)).toBeNull();
    expect(expiryReminderDue('2026-12-01', today)).toBe(7);
    expect(expiryReminderDue('2026-12-10', today)).toBe(30);
    expect(expiryReminderDue(today, today)).toBe(0);
    expect(expiryReminderDue('2026-11-23', today)).toBeNull();
  });
});

describe('verifiedBadge', () => {
  it('says what is verified, never a bare "Verified"', () => {
    expect(verifiedBadge(ready, today)).toBe('License TX verified Nov 2026 · NPI · Background check');
  });

  it('leaves out what is not current, and is null when nothing is', () => {
    expect(verifiedBadge([verified('npi', { status: 'submitted' }), verified('state_license', { expiresOn: '2026-01-01' })], today)).toBeNull();
  });
});
