import type { CredentialKind, CredentialStatus } from '../../domain/credentials';
import type { therapistCredentials } from '../db/schema/index';

type CredentialRow = typeof therapistCredentials.$inferInsert;

/**
 * The credentials a therapist holds when they are ready to work: a state license, NPI, CPR/BLS,
 * liability insurance and a background check (the default required kinds). For the demo data and
 * the test builders, which start people mid-story; `status` 'submitted' gives a sign-up still
 * awaiting verification (license and NPI only, as onboarding records them).
 */
export function readyCredentialRows(input: {
  therapistId: string;
  npiNumber: string;
  licenseNumber: string;
  licenseState: string;
  licenseExpiry: string;
  /** Expiry of CPR and insurance; defaults to the license's. */
  otherExpiry?: string;
  /** Expiry of CPR alone, when it differs from the insurance's. */
  cprExpiry?: string;
  status?: CredentialStatus;
  verifiedAt?: Date;
  verifiedBy?: string;
}): CredentialRow[] {
  const status = input.status ?? 'verified';
  const verified = status === 'verified';
  const other = input.otherExpiry ?? input.licenseExpiry;
  const row = (kind: CredentialKind, fields: Partial<CredentialRow>): CredentialRow => ({
    therapistId: input.therapistId,
    kind,
    status,
    ...(verified
      ? {
          verifiedAt: input.verifiedAt ?? new Date(),
          verifiedBy: input.verifiedBy ?? 'demo',
          verificationMethod: 'document' as const,
          verificationSource: 'Seeded as already verified',
        }
      : {}),
    ...fields,
  });
  const rows = [
    row('state_license', { number: input.licenseNumber, issuer: input.licenseState.toUpperCase(), expiresOn: input.licenseExpiry }),
    row('npi', { number: input.npiNumber, issuer: 'NPPES' }),
  ];
  if (!verified) return rows;
  return [
    ...rows,
    row('cpr_bls', { issuer: 'American Heart Association', expiresOn: input.cprExpiry ?? other }),
    row('liability_insurance', { issuer: 'HPSO', expiresOn: other }),
    row('background_check', { issuer: 'Checkr' }),
  ];
}
