import { z } from 'zod';

/**
 * The attestation taken at check-out: the patient or caregiver signs on the therapist's phone, or
 * the therapist records why no signature could be obtained. A signature is a compact vector (strokes
 * of points on a fixed ATTESTATION_PAD grid) rather than an image, so it is small, bounded and
 * redrawn the same on the screen and in the note's PDF. It is PHI: sealed at rest with the visit.
 */

/** The signature pad's coordinate grid: points are whole numbers in 0..width × 0..height. */
export const ATTESTATION_PAD = { width: 600, height: 200 } as const;
export const MAX_ATTESTATION_STROKES = 40;
export const MAX_ATTESTATION_POINTS = 4000;

export const attestationSigners = ['patient', 'caregiver'] as const;
export type AttestationSigner = (typeof attestationSigners)[number];

/** Why no signature could be obtained (with an optional note in `reason`). */
export const attestationUnableReasons = ['patient_unable_to_sign', 'patient_declined', 'no_caregiver_present', 'other'] as const;
export const attestationUnableLabels: Record<(typeof attestationUnableReasons)[number], string> = {
  patient_unable_to_sign: 'Patient physically unable to sign',
  patient_declined: 'Patient declined to sign',
  no_caregiver_present: 'No caregiver present to sign for the patient',
  other: 'Other reason',
};

export const attestationMessages = {
  kind: 'Have the patient or caregiver sign, or say why a signature could not be obtained',
  signer: 'Say who signed: the patient or a caregiver',
  signerName: 'Type the signer’s name (up to 120 characters)',
  strokes: `Draw a signature (up to ${MAX_ATTESTATION_STROKES} strokes and ${MAX_ATTESTATION_POINTS} points)`,
  unableReason: 'Choose why a signature could not be obtained',
  reason: 'Describe why (up to 500 characters)',
} as const;

const point = z.tuple([
  z.number().int().min(0).max(ATTESTATION_PAD.width),
  z.number().int().min(0).max(ATTESTATION_PAD.height),
]);
const strokesSchema = z
  .array(z.array(point, { error: attestationMessages.strokes }).min(1, attestationMessages.strokes).max(MAX_ATTESTATION_POINTS, attestationMessages.strokes), {
    error: attestationMessages.strokes,
  })
  .min(1, attestationMessages.strokes)
  .max(MAX_ATTESTATION_STROKES, attestationMessages.strokes)
  .refine((strokes) => strokes.reduce((sum, stroke) => sum + stroke.length, 0) <= MAX_ATTESTATION_POINTS, attestationMessages.strokes)
  // A dot is a stroke of one point; a signature needs at least one line.
  .refine((strokes) => strokes.some((stroke) => stroke.length >= 2), attestationMessages.strokes);

const signerSchema = z.enum(attestationSigners, { error: attestationMessages.signer });
const signerNameSchema = z.string({ error: attestationMessages.signerName }).trim().min(1, attestationMessages.signerName).max(120, attestationMessages.signerName);

/** The `attestation` field of POST /api/visits/:id/check-out. */
export const attestationInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('signature'), signer: signerSchema, signerName: signerNameSchema.optional(), strokes: strokesSchema }),
    z.object({
      kind: z.literal('unable'),
      unableReason: z.enum(attestationUnableReasons, { error: attestationMessages.unableReason }),
      reason: z.string({ error: attestationMessages.reason }).trim().max(500, attestationMessages.reason).optional(),
    }),
  ],
  { error: attestationMessages.kind },
);
export type AttestationInput = z.infer<typeof attestationInputSchema>;

/** What the visit's parties see at aal2 (and what is sealed): the input and when it was taken. */
export const attestationViewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('signature'),
    signer: z.enum(attestationSigners),
    signerName: z.string().nullable(),
    strokes: z.array(z.array(z.tuple([z.number(), z.number()]))),
    at: z.string(),
  }),
  z.object({ kind: z.literal('unable'), unableReason: z.enum(attestationUnableReasons), reason: z.string().nullable(), at: z.string() }),
]);
export type AttestationView = z.infer<typeof attestationViewSchema>;

/** One line for the record and the screen, e.g. "Signed by the patient, Ann Lee". */
export function attestationText(view: AttestationView): string {
  if (view.kind === 'unable') {
    const label = attestationUnableLabels[view.unableReason];
    return `No signature: ${label}${view.reason ? ` — ${view.reason}` : ''}`;
  }
  return `Attested by the ${view.signer}${view.signerName ? ` ${view.signerName}` : ''}`;
}
