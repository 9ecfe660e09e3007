import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EvvReadingInput,
  PlanVisitsInput,
  ReferralVisits,
  RescheduleVisitInput,
  ScheduleVisitInput,
  VisitDetail,
  VisitList,
  VisitPlan,
} from '../../domain/visits';
import { api, ApiError } from './client';

/** Visits: /api/visits…, /api/referrals/:id/visits. */

export const visitKeys = {
  all: ['visits'] as const,
  range: (from: string, to: string) => ['visits', 'range', from, to] as const,
  reference: (referenceNumber: number) => ['visits', 'reference', referenceNumber] as const,
  referral: (id: string) => ['visits', 'referral', id] as const,
  detail: (id: string) => ['visits', 'detail', id] as const,
};

// 4xx answers describe the request or the user; asking again would not change them.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

/** GET /api/visits?from&to: the caller's visits (summaries) starting in [from, to). */
export function useVisitsInRange(from: Date, to: Date) {
  const f = from.toISOString();
  const t = to.toISOString();
  return useQuery({
    queryKey: visitKeys.range(f, t),
    queryFn: () => api<VisitList>(`/api/visits?from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`),
    retry,
  });
}

/** GET /api/visits?reference=: the visits of the caller's referral with this reference, at any date. */
export function useVisitsOfReference(referenceNumber: number) {
  return useQuery({
    queryKey: visitKeys.reference(referenceNumber),
    queryFn: () => api<VisitList>(`/api/visits?reference=${referenceNumber}`),
    retry,
  });
}

export function useReferralVisits(referralId: string) {
  return useQuery({ queryKey: visitKeys.referral(referralId), queryFn: () => api<ReferralVisits>(`/api/referrals/${referralId}/visits`), retry });
}

export function useVisit(id: string) {
  return useQuery({ queryKey: visitKeys.detail(id), queryFn: () => api<VisitDetail>(`/api/visits/${id}`), retry });
}

export function usePlanVisits(referralId: string) {
  return useMutation({ mutationFn: (body: PlanVisitsInput) => api<VisitPlan>(`/api/referrals/${referralId}/visits/plan`, { method: 'POST', body }) });
}

/** Every change refreshes all visit views (calendar, referral list, detail). */
function useVisitMutation<I>(request: (input: I) => Promise<VisitDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (visit) => {
      queryClient.setQueryData(visitKeys.detail(visit.id), visit);
      return queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}

export function useScheduleVisit(referralId: string) {
  return useVisitMutation((body: ScheduleVisitInput) => api<VisitDetail>(`/api/referrals/${referralId}/visits`, { method: 'POST', body }));
}

export function useRescheduleVisit(id: string) {
  return useVisitMutation((body: RescheduleVisitInput) => api<VisitDetail>(`/api/visits/${id}/schedule`, { method: 'PUT', body }));
}

export function useVisitReasonAction(id: string, action: 'cancel' | 'missed') {
  return useVisitMutation((body: { reason: string }) => api<VisitDetail>(`/api/visits/${id}/${action}`, { method: 'POST', body }));
}

export function useVerifyVisit(id: string, end: 'check-in' | 'check-out') {
  return useVisitMutation((body: EvvReadingInput) => api<VisitDetail>(`/api/visits/${id}/${end}`, { method: 'POST', body }));
}
