import type { AttestationInput, AttestationView } from '../../domain/visit-attestation';
import type { PhiBox } from '../crypto/phi-box';

/**
 * The check-out attestation (a drawn signature with the signer's name, or why none could be taken)
 * is PHI: sealed with the PHI key like the visit's reasons (reasons.ts), bound to its visit so a
 * value copied onto another visit fails to open instead of showing there.
 */

const binding = (visitId: string) => `visit:${visitId}:attestation`;

export function sealAttestation(phiBox: PhiBox, visitId: string, input: AttestationInput, at: Date): string {
  const view: AttestationView =
    input.kind === 'signature'
      ? { kind: 'signature', signer: input.signer, signerName: input.signerName ?? null, strokes: input.strokes, at: at.toISOString() }
      : { kind: 'unable', unableReason: input.unableReason, reason: input.reason || null, at: at.toISOString() };
  return phiBox.seal(JSON.stringify(view), binding(visitId));
}

/** The visit's attestation for its parties; null when none was taken (visits checked out before attestations). */
export function openAttestation(phiBox: PhiBox, visit: { id: string; attestationSealed: string | null }): AttestationView | null {
  if (visit.attestationSealed === null) return null;
  try {
    return JSON.parse(phiBox.open(visit.attestationSealed, binding(visit.id))) as AttestationView;
  } catch {
    // The cipher's message never leaves; the id says which row to look at.
    throw new Error(`visit ${visit.id}: attestation could not be opened (tampered, moved or wrong key)`);
  }
}
