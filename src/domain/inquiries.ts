import { z } from 'zod';

/** Who is writing to us; the same choices on the contact form and the lead form. */
export const inquirerTypes = ['agency', 'therapist', 'other'] as const;
export const inquirerTypeLabels: Record<(typeof inquirerTypes)[number], string> = {
  agency: 'Home health agency',
  therapist: 'Therapist',
  other: 'Other',
};

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);
const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email({ error: 'Please enter a valid email address' }));
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const contactMessageSchema = z.object({
  name: required('Name is required'),
  email: emailField,
  company: optional(200),
  phone: optional(40).refine((value) => value === undefined || /^[+()\d\s.-]{7,}$/.test(value), {
    message: 'Please enter a valid phone number',
  }),
  userType: z.enum(inquirerTypes, { error: 'Please tell us who you are' }),
  subject: required('Subject is required'),
  message: required('Message is required', 5000),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const leadSchema = z.object({
  name: required('Name is required'),
  email: emailField,
  organisation: required('Organization is required'),
  role: z.enum(inquirerTypes, { error: 'Please tell us who you are' }),
  message: z.string().trim().max(2000).default(''),
});
export type LeadInput = z.input<typeof leadSchema>;
export type Lead = z.output<typeof leadSchema>;
