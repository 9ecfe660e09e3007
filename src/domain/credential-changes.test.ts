import { describe, expect, it } from 'vitest';
import { changedCredentialFields, needsCredentialReview } from './credential-changes';

const approved = { npiNumber: '1234567893', licenseNumber: 'PT-1', licenseState: 'TX', licenseExpiry: '2030-12-31' };

describe('credential changes', () => {
  it('names the fields that changed, treating a missing value as empty', () => {
    expect(changedCredentialFields(approved, { ...approved, licenseState: 'AR', licenseExpiry: '2031-01-01' })).toEqual(['licenseState', 'licenseExpiry']);
    expect(changedCredentialFields(null, approved)).toEqual(['npiNumber', 'licenseNumber', 'licenseState', 'licenseExpiry']);
    expect(changedCredentialFields({ ...approved, npiNumber: null }, { ...approved, npiNumber: '' })).toEqual([]);
  });

  it('sends only an approved account’s changed credential to review', () => {
    const moved = { ...approved, licenseState: 'AR' };
    expect(needsCredentialReview('approved', approved, moved)).toBe(true);
    expect(needsCredentialReview('approved', null, approved)).toBe(true);
    expect(needsCredentialReview('approved', approved, { ...approved })).toBe(false);
    expect(needsCredentialReview('pending', approved, moved)).toBe(false);
    expect(needsCredentialReview('rejected', approved, moved)).toBe(false);
  });
});
