import { z } from 'zod';
import { isCalendarDate } from './onboarding';
import { ZIP_PATTERN } from './referrals';
import { usStateCodes } from './us-states';
import { homeLocationViewSchema } from './home-location';

/**
 * Patient details (PHI): who the patient of a matched referral is and how to reach them. Kept apart
 * from the referral's schemas because the referral is shown to every eligible therapist and must
 * never carry any of this; one set of schemas serves the agency's form and the API.
 */

export const patientMessages = {
  firstName: 'Enter the patient’s first name',
  lastName: 'Enter the patient’s last name',
  dateOfBirth: 'Enter a valid date of birth',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  address: 'Enter the street address',
  city: 'Enter the city',
  state: 'Choose the state',
  zip: 'Enter a 5-digit ZIP code',
  phone: 'Enter a 10-digit phone number',
  emergencyName: 'Enter the emergency contact’s name',
  emergencyPhone: 'Enter the emergency contact’s 10-digit phone number',
  icd10: 'Enter an ICD-10 code such as M17.11',
  diagnosis: 'Describe the primary diagnosis',
  physician: 'Enter the referring physician',
  payer: 'Enter the payer',
} as const;

/** ICD-10-CM: a letter, a digit, a digit or letter, then optionally a dot and up to 4 more. */
export const ICD10_PATTERN = /^[A-TV-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?$/;

const text = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);
const phone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
    .refine((digits) => digits.length === 10, message);

/** PUT /api/referrals/:id/patient and the agency's patient form. */
export const patientInputSchema = z.object({
  firstName: text(patientMessages.firstName, 100),
  lastName: text(patientMessages.lastName, 100),
  dateOfBirth: z
    .string({ error: patientMessages.dateOfBirth })
    .trim()
    .refine(isCalendarDate, patientMessages.dateOfBirth)
    .refine((value) => !isCalendarDate(value) || value <= new Date().toISOString().slice(0, 10), patientMessages.dateOfBirthFuture),
  addressLine: text(patientMessages.address),
  city: text(patientMessages.city, 100),
  state: z.enum(usStateCodes, { error: patientMessages.state }),
  zip: z.string({ error: patientMessages.zip }).trim().regex(ZIP_PATTERN, patientMessages.zip),
  phone: phone(patientMessages.phone),
  emergencyContactName: text(patientMessages.emergencyName),
  emergencyContactPhone: phone(patientMessages.emergencyPhone),
  diagnosisCode: z
    .string({ error: patientMessages.icd10 })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => ICD10_PATTERN.test(value), patientMessages.icd10),
  diagnosisDescription: text(patientMessages.diagnosis, 300),
  referringPhysician: text(patientMessages.physician),
  payer: text(patientMessages.payer),
  careNotes: z.string().trim().max(4000).default(''),
});
export type PatientInput = z.input<typeof patientInputSchema>;
export type Patient = z.output<typeof patientInputSchema>;

/** The details as sealed at rest, read back when opened and sent in the answer below. */
export const storedPatientSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  addressLine: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  diagnosisCode: z.string(),
  diagnosisDescription: z.string(),
  referringPhysician: z.string(),
  payer: z.string(),
  careNotes: z.string(),
});
export type StoredPatient = z.infer<typeof storedPatientSchema>;

/** GET /api/referrals/:id/patient */
export const patientResponseSchema = z.object({
  referralId: z.string(),
  patient: storedPatientSchema,
  updatedAt: z.string(),
  /** How far locating the address for visit verification got (never the point). */
  homeLocation: homeLocationViewSchema,
});
export type PatientResponse = z.infer<typeof patientResponseSchema>;
