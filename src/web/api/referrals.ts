import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgencyReferral,
  EligibilityView,
  ReferralInput,
  RespondInput,
  ServiceRates,
  TherapistReferral,
} from '../../domain/referrals';
import type { AgencyReferralSummary, TherapistReferralSummary } from '../../domain/referral-summaries';
import type { PatientInput, PatientResponse } from '../../domain/patients';
import type { ReferralStanding } from '../../domain/work-standing';
import { api, ApiError } from './client';
import { useKeysetList } from './keyset-pages';

/**
 * The referral marketplace's endpoints. Agency: /api/referrals…; therapist:
 * /api/therapist/referrals…; manager: /api/admin/referrals…; patient details: /api/referrals/:id/patient.
 */

export const referralKeys = {
  all: ['referrals'] as const,
  agencyList: (status: string, reference: number | null = null) => ['referrals', 'agency', status, reference] as const,
  agencyDetail: (id: string) => ['referrals', 'agency', 'detail', id] as const,
  therapistList: (view: string, reference: number | null = null) => ['referrals', 'therapist', view, reference] as const,
  therapistDetail: (id: string) => ['referrals', 'therapist', 'detail', id] as const,
  patient: (id: string) => ['referrals', 'patient', id] as const,
  mapTiles: ['map-tiles'] as const,
};

// 4xx answers describe the request or the user; asking again would not change them.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

// ---- Agency ----

/** `reference`: the one referral with that reference, whatever its status (the server looks past the filter). */
/** A page at a time (useKeysetList): `fetchNextPage` loads the next. */
export function useAgencyReferrals(status: 'open' | 'all' | 'draft' | 'matched' | 'closed' = 'all', reference: number | null = null) {
  return useKeysetList<AgencyReferralSummary>(referralKeys.agencyList(status, reference), `/api/referrals?status=${status}${reference === null ? '' : `&reference=${reference}`}`);
}

export function useAgencyReferral(id: string) {
  return useQuery({ queryKey: referralKeys.agencyDetail(id), queryFn: () => api<AgencyReferral>(`/api/referrals/${id}`), retry });
}

function useReferralMutation<TBody, TResult = AgencyReferral>(request: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

/** POST /api/referrals: save a draft (post: false) or post at once. */
export const useCreateReferral = () =>
  useReferralMutation((body: { referral: ReferralInput; post: boolean }) => api<AgencyReferral>('/api/referrals', { body }));
/** PUT /api/referrals/:id: edit a draft, or a posted referral before its match. */
export const useUpdateReferral = (id: string) =>
  useReferralMutation((referral: ReferralInput) => api<AgencyReferral>(`/api/referrals/${id}`, { method: 'PUT', body: referral }));
/** POST /api/referrals/:id/post: post a draft. */
export const usePostReferral = (id: string) => useReferralMutation(() => api<AgencyReferral>(`/api/referrals/${id}/post`, { method: 'POST', body: {} }));
/** POST /api/referrals/:id/cancel */
export const useCancelReferral = (id: string) =>
  useReferralMutation((body: { reason: string }) => api<AgencyReferral>(`/api/referrals/${id}/cancel`, { body }));
/** POST /api/referrals/:id/responses/:responseId/confirm: match this therapist (409 CONFLICT when already matched). */
export const useConfirmResponse = (id: string) =>
  useReferralMutation((responseId: string) => api<AgencyReferral>(`/api/referrals/${id}/responses/${responseId}/confirm`, { method: 'POST', body: {} }));
/** POST /api/referrals/:id/responses/:responseId/counter */
export const useCounterResponse = (id: string) =>
  useReferralMutation((body: { responseId: string; rates: ServiceRates; note: string }) =>
    api<AgencyReferral>(`/api/referrals/${id}/responses/${body.responseId}/counter`, { body: { rates: body.rates, note: body.note } }),
  );

// ---- Therapist ----

/** 'open': offered to me and still open (not hidden); 'mine': matched to me; 'hidden'. */
/** `reference`: the referral offered or matched to me with that reference, in any view. */
/** A page at a time (useKeysetList): `fetchNextPage` loads the next. */
export function useTherapistReferrals(view: 'open' | 'mine' | 'hidden' = 'open', reference: number | null = null) {
  return useKeysetList<TherapistReferralSummary>(referralKeys.therapistList(view, reference), `/api/therapist/referrals?view=${view}${reference === null ? '' : `&reference=${reference}`}`);
}

/** Why I am not offered new referrals (no reasons: I am); read fresh, as it changes with my credentials and notes. */
export function useReferralStanding() {
  return useQuery({
    queryKey: ['referrals', 'therapist', 'standing'],
    queryFn: ({ signal }) => api<ReferralStanding>('/api/therapist/referral-standing', { signal }),
    retry,
  });
}

export function useTherapistReferral(id: string) {
  return useQuery({ queryKey: referralKeys.therapistDetail(id), queryFn: () => api<TherapistReferral>(`/api/therapist/referrals/${id}`), retry });
}

/** POST /api/therapist/referrals/:id/response: accept, ask for a higher rate, or decline. */
export const useRespond = (id: string) =>
  useReferralMutation((body: RespondInput) => api<TherapistReferral>(`/api/therapist/referrals/${id}/response`, { body }));
/** DELETE /api/therapist/referrals/:id/response: withdraw (until the match). */
export const useWithdrawResponse = (id: string) =>
  useReferralMutation(() => api<TherapistReferral>(`/api/therapist/referrals/${id}/response`, { method: 'DELETE' }));
/** POST /api/therapist/referrals/:id/counter: take or turn down the agency's counter offer. */
export const useAnswerCounter = (id: string) =>
  useReferralMutation((body: { accept: boolean }) => api<TherapistReferral>(`/api/therapist/referrals/${id}/counter`, { body }));
/** POST /api/therapist/referrals/:id/hide and /unhide */
export const useHideReferral = (id: string) =>
  useReferralMutation((hidden: boolean) => api<TherapistReferral>(`/api/therapist/referrals/${id}/${hidden ? 'hide' : 'unhide'}`, { method: 'POST', body: {} }));

/** GET /api/map-tiles: the configured tile source, or null (the map then draws without tiles). */
export function useMapTiles() {
  return useQuery({
    queryKey: referralKeys.mapTiles,
    queryFn: () => api<{ tiles: { url: string; attribution: string } | null }>('/api/map-tiles'),
    staleTime: Infinity,
    retry,
  });
}

// ---- Patient details (agency of the referral and its matched therapist, at aal2) ----

/** GET /api/referrals/:id/patient: 404 when none yet (or no access), 403 MFA_REQUIRED below aal2. */
export function usePatient(id: string, enabled = true) {
  return useQuery({ queryKey: referralKeys.patient(id), queryFn: () => api<PatientResponse>(`/api/referrals/${id}/patient`), retry, enabled });
}

/** PUT /api/referrals/:id/patient (the agency, after the match). */
export function useSavePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientInput) => api<PatientResponse>(`/api/referrals/${id}/patient`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(referralKeys.patient(id), saved);
      return queryClient.invalidateQueries({ queryKey: referralKeys.agencyDetail(id) });
    },
  });
}

// ---- Manager ----

/** GET /api/admin/referrals/:id/eligibility/:therapistId: why a therapist was or was not eligible. */
export function useEligibility(referralId: string, therapistId: string | null) {
  return useQuery({
    queryKey: ['referrals', 'eligibility', referralId, therapistId],
    queryFn: () => api<EligibilityView>(`/api/admin/referrals/${referralId}/eligibility/${therapistId ?? ''}`),
    enabled: Boolean(therapistId),
    retry,
  });
}

/** GET /api/admin/referrals: every agency's referrals, newest first (managers). */
export function useAdminReferrals() {
  return useQuery({
    queryKey: ['referrals', 'admin'],
    queryFn: () => api<{ items: Array<AgencyReferralSummary & { agencyName: string }> }>('/api/admin/referrals'),
    retry,
  });
}

/** GET /api/admin/referrals/:id/eligibility?q=: therapists matching a name or email, each judged (at most 25). */
export function useEligibilitySearch(referralId: string, q: string) {
  return useQuery({
    queryKey: ['referrals', 'eligibility', referralId, 'search', q],
    queryFn: () => api<{ items: EligibilityView[] }>(`/api/admin/referrals/${referralId}/eligibility?q=${encodeURIComponent(q)}`),
    retry,
  });
}
