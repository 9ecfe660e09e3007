import { z } from 'zod';
import { referenceSearchSchema } from '../../domain/referral-reference';
import { paymentLineStatuses } from '../../domain/visits';

/** Payment API shapes. The web client mirrors these types in src/web/api/payments.ts. */

export const paymentStatusSchema = z.enum(paymentLineStatuses);

export const invoiceLineItemSchema = z.object({
  id: z.string(),
  visitId: z.string(),
  referralId: z.string(),
  /** The visit's referral: R-1042, and its label (the patient's short name only for its parties at aal2). */
  referenceNumber: z.number(),
  referenceLabel: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  therapistId: z.string(),
  therapistName: z.string(),
  serviceId: z.string(),
  visitDate: z.string(),
  amount: z.number(),
  status: paymentStatusSchema,
  provider: z.string(),
  providerReference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItemSchema>;

export const payoutItemSchema = invoiceLineItemSchema;
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const paymentFiltersSchema = z.object({
  status: paymentStatusSchema.optional(),
  agencyId: z.string().trim().min(1).max(100).optional(),
  therapistId: z.string().trim().min(1).max(100).optional(),
  reference: referenceSearchSchema.optional().describe('R-1042 or 1042: the lines of that referral'),
});
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

export const adminPaymentsSchema = z.object({
  invoiceLines: z.array(invoiceLineItemSchema),
  payouts: z.array(payoutItemSchema),
  provider: z.string(),
});

/** ?reference=R-1042 on the agency's invoice and the therapist's payouts: only that referral's lines (totals stay the account's). */
export const referenceQuerySchema = z.object({ reference: referenceSearchSchema.optional().describe('R-1042 or 1042: the lines of that referral') });

export const agencyInvoiceSchema = z.object({ lines: z.array(invoiceLineItemSchema), outstandingTotal: z.number(), paidTotal: z.number() });
export const therapistPayoutsSchema = z.object({
  payouts: z.array(payoutItemSchema),
  pendingTotal: z.number(),
  paidTotal: z.number(),
  provider: z.string(),
  /** Stripe only: whether the therapist's connected account can receive payouts. */
  payoutsEnabled: z.boolean().nullable(),
});
export const onboardingResponseSchema = z.object({ url: z.string().nullable(), message: z.string() });

/** The agency's saved payment method (Stripe): only its brand and last four digits leave the server. */
export const agencyPaymentMethodSchema = z.object({
  provider: z.enum(['ledger', 'stripe']),
  paymentMethod: z.object({ brand: z.string().nullable(), last4: z.string().nullable(), updatedAt: z.string().nullable() }).nullable(),
  /** Invoice lines parked until a payment method is saved. */
  linesAwaitingPaymentMethod: z.number().int(),
  /** What the agency should know or do, if anything. */
  message: z.string().nullable(),
});
export type AgencyPaymentMethod = z.infer<typeof agencyPaymentMethodSchema>;

export const paymentMethodSetupResponseSchema = z.object({ url: z.string().nullable(), message: z.string() });
