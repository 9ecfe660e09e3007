import { z } from 'zod';

const friendlyName = z.string({ error: 'Please name this factor' }).trim().min(1, 'Please name this factor').max(60, 'Keep the name under 60 characters');

/** E.164 after removing spaces, dashes and brackets; US numbers may omit +1. */
export const phoneNumberSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .transform((value) => {
    const digits = value.replace(/[\s().-]/g, '');
    if (/^\d{10}$/.test(digits)) return `+1${digits}`;
    if (/^1\d{10}$/.test(digits)) return `+${digits}`;
    return digits;
  })
  .refine((value) => /^\+[1-9]\d{7,14}$/.test(value), { message: 'Please enter a valid mobile number' });

export const enrolFactorSchema = z.discriminatedUnion(
  'factorType',
  [
    z.object({ factorType: z.literal('totp'), friendlyName }),
    z.object({ factorType: z.literal('phone'), friendlyName, phone: phoneNumberSchema }),
  ],
  { error: 'Choose an authenticator app or a phone' },
);
export type EnrolFactorInput = z.input<typeof enrolFactorSchema>;

export const verifyFactorSchema = z.object({
  challengeId: z.uuid({ error: 'Request a code first' }),
  code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

export const backupCodeSchema = z.object({
  code: z.string({ error: 'Enter a backup code' }).trim().regex(/^\d{5}-?\d{5}$/, 'Enter a backup code like 12345-67890'),
});
