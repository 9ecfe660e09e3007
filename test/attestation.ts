import type { Page } from 'playwright-core';
import type { AttestationInput } from '../src/domain/visit-attestation';

/**
 * Check-out attestations for tests: the `attestation` field of POST /api/visits/:id/check-out as a
 * client sends it, and drawing on the check-out form's signature pad in a browser.
 */

/** Two strokes on the pad's 600x200 grid: a signature the server accepts. */
export const signatureStrokes: [number, number][][] = [
  [
    [12, 150],
    [40, 90],
    [77, 140],
    [131, 61],
  ],
  [
    [200, 100],
    [260, 104],
  ],
];

/** The patient's drawn signature (or, overridden, a caregiver's). */
export function signatureAttestation(overrides: Partial<Extract<AttestationInput, { kind: 'signature' }>> = {}): AttestationInput {
  return { kind: 'signature', signer: 'patient', signerName: 'Dolores Abernathy', strokes: signatureStrokes, ...overrides };
}

/** Draws a zigzag across the form's signature pad with the mouse, as one stroke (as a finger would). */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: /Signature pad/ });
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on the page');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    await page.mouse.move(box.x + box.width * (0.1 + step * 0.1), box.y + box.height * (step % 2 === 0 ? 0.7 : 0.3), { steps: 3 });
  }
  await page.mouse.up();
}
