import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentLineStatus } from '../../domain/visits';
import { api } from './client';

/** One invoice line or payout as the payment endpoints answer it (src/server/payments/schemas.ts). */
export interface PaymentItem {
  id: string;
  visitId: string;
  referralId: string;
  /** The visit's referral: R-1042, and its label (the patient's short name only for its parties at aal2). */
  referenceNumber: number;
  referenceLabel: string;
  agencyId: string;
  agencyName: string;
  therapistId: string;
  therapistName: string;
  serviceId: string;
  visitDate: string;
  amount: number;
  status: PaymentLineStatus;
  provider: string;
  providerReference: string | null;
  failureMessage: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface PaymentFilters {
  status?: PaymentLineStatus;
  agencyId?: string;
  therapistId?: string;
  /** A referral's reference number: only its lines. */
  reference?: number;
}

export interface AdminPayments {
  invoiceLines: PaymentItem[];
  payouts: PaymentItem[];
  provider: string;
}

export interface AgencyInvoice {
  lines: PaymentItem[];
  outstandingTotal: number;
  paidTotal: number;
}

export interface TherapistPayouts {
  payouts: PaymentItem[];
  pendingTotal: number;
  paidTotal: number;
  provider: string;
  payoutsEnabled: boolean | null;
}

/** The agency's saved payment method (Stripe): brand and last four digits only. */
export interface AgencyPaymentMethod {
  provider: 'ledger' | 'stripe';
  paymentMethod: { brand: string | null; last4: string | null; updatedAt: string | null } | null;
  linesAwaitingPaymentMethod: number;
  message: string | null;
}

export const paymentKeys = {
  all: ['payments'] as const,
  admin: (filters: PaymentFilters) => [...paymentKeys.all, 'admin', filters] as const,
  agency: () => [...paymentKeys.all, 'agency'] as const,
  /** The agency's invoice searched by reference (apart from agency(), which others refresh exactly). */
  agencySearch: (reference?: number) => [...paymentKeys.all, 'agency-search', ...(reference === undefined ? [] : [reference])] as const,
  agencyPaymentMethod: () => [...paymentKeys.all, 'agency', 'payment-method'] as const,
  therapist: (reference: number | null = null) => [...paymentKeys.all, 'therapist', reference] as const,
};

function query(filters: PaymentFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.agencyId) params.set('agencyId', filters.agencyId);
  if (filters.therapistId) params.set('therapistId', filters.therapistId);
  if (filters.reference !== undefined) params.set('reference', String(filters.reference));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The CSV download link for the current filters (a plain GET the browser saves). */
export function paymentsCsvUrl(filters: PaymentFilters): string {
  return `/api/admin/payments/export.csv${query(filters)}`;
}

/** `pollMs`: keep asking while a retried payment or payout goes through in the background. */
export function useAdminPayments(filters: PaymentFilters, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: paymentKeys.admin(filters),
    queryFn: ({ signal }) => api<AdminPayments>(`/api/admin/payments${query(filters)}`, { signal, background: Boolean(options.pollMs) }),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: options.pollMs ?? false,
  });
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'invoice-lines' | 'payouts'; id: string }) =>
      api<PaymentItem>(`/api/admin/payments/${kind}/${encodeURIComponent(id)}/mark-paid`, { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** A manager's "Retry payment" on any agency's failed invoice line, from the payments ledger. */
export function useAdminRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => api<PaymentItem>(`/api/admin/payments/invoice-lines/${encodeURIComponent(lineId)}/retry`, { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** A manager's "Retry payout" on a failed payout: paid again as a new attempt, never twice. */
export function useAdminRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutId: string) => api<PaymentItem>(`/api/admin/payments/payouts/${encodeURIComponent(payoutId)}/retry`, { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** `pollMs`: keep asking while a retried payment is being charged in the background; `reference`: one referral's lines. */
export function useAgencyInvoice(enabled: boolean, options: { pollMs?: number; reference?: number | null } = {}) {
  const reference = options.reference ?? undefined;
  return useQuery({
    queryKey: reference === undefined ? paymentKeys.agency() : paymentKeys.agencySearch(reference),
    queryFn: ({ signal }) => api<AgencyInvoice>(`/api/agency/invoice${query({ reference })}`, { signal, background: Boolean(options.pollMs) }),
    enabled,
    refetchInterval: options.pollMs ?? false,
    retry: false,
  });
}

/** "Retry payment" on one of the agency's failed invoice lines: charged again with the saved payment method. */
export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => api<PaymentItem>(`/api/agency/payments/invoice-lines/${encodeURIComponent(lineId)}/retry`, { body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.agency(), exact: true }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.agencySearch() }),
      ]),
  });
}

/** `reference`: only the payouts of that referral's visits. */
export function useTherapistPayouts(enabled: boolean, reference: number | null = null) {
  return useQuery({
    queryKey: paymentKeys.therapist(reference),
    queryFn: ({ signal }) => api<TherapistPayouts>(`/api/therapist/payouts${query({ reference: reference ?? undefined })}`, { signal }),
    enabled,
    retry: false,
  });
}

/** Starts Stripe onboarding: the answer's url (when there is one) is where the browser goes next. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => api<{ url: string | null; message: string }>('/api/therapist/payments/onboarding', { body: {} }),
  });
}

/** `pollMs`: keep asking while a just-finished Stripe setup is confirmed by its webhook. */
export function useAgencyPaymentMethod(options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: paymentKeys.agencyPaymentMethod(),
    queryFn: ({ signal }) => api<AgencyPaymentMethod>('/api/agency/payments/payment-method', { signal, background: Boolean(options.pollMs) }),
    refetchInterval: options.pollMs ?? false,
    retry: false,
  });
}

/** Starts Stripe Checkout (setup mode): the answer's url (when there is one) is where the browser goes next. */
export function useStartPaymentMethodSetup() {
  return useMutation({
    mutationFn: () => api<{ url: string | null; message: string }>('/api/agency/payments/payment-method/setup', { body: {} }),
  });
}

