import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CredentialFormInput,
  CredentialQueue,
  CredentialView,
  MyCredentials,
  ReviewCredentialView,
  TherapistCredentialsReview,
  VerifyCredentialInput,
} from '../../domain/credential-views';
import { api, ApiError } from './client';
import { uploadFile } from './upload';

/** A therapist's credentials (/api/credentials…) and the managers' verification (/api/admin/credentials…). */

export const credentialKeys = {
  all: ['credentials'] as const,
  mine: ['credentials', 'mine'] as const,
  queue: (page: number) => ['credentials', 'queue', page] as const,
  ofTherapist: (therapistId: string) => ['credentials', 'therapist', therapistId] as const,
};

// 4xx answers describe the request or the user; asking again would not change them.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/** Where a credential's document downloads from (the owner, or a manager at aal2). */
export const credentialDocumentUrl = (credentialId: string) => `/api/credentials/${credentialId}/document`;

export function useMyCredentials() {
  return useQuery({ queryKey: credentialKeys.mine, queryFn: () => api<MyCredentials>('/api/credentials'), retry });
}

/** Saves a credential (new or changed), then its document when one was chosen. */
export function useSaveCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, file }: { id?: string; input: CredentialFormInput; file?: File | null }) => {
      const saved = id
        ? await api<CredentialView>(`/api/credentials/${id}`, { method: 'PUT', body: input })
        : await api<CredentialView>('/api/credentials', { body: input });
      return file ? uploadFile<CredentialView>(credentialDocumentUrl(saved.id), file, 'PUT') : saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

export function useRemoveCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/credentials/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

export function useCredentialQueue(page = 1) {
  return useQuery({ queryKey: credentialKeys.queue(page), queryFn: () => api<CredentialQueue>(`/api/admin/credentials?page=${page}`), retry });
}

/** `pollMs`: keep asking while a queued primary-source check has not answered yet. */
export function useTherapistCredentials(therapistId: string, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: credentialKeys.ofTherapist(therapistId),
    queryFn: () =>
      api<TherapistCredentialsReview>(`/api/admin/therapists/${encodeURIComponent(therapistId)}/credentials`, { background: Boolean(options.pollMs) }),
    retry,
    refetchInterval: options.pollMs ?? false,
  });
}

/** Queues a new NPPES check of the therapist's NPI (the answer comes from a job). */
export function useRecheckNpi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (therapistId: string) => api<{ queued: true }>(`/api/admin/therapists/${encodeURIComponent(therapistId)}/nppes-check`, { method: 'POST' }),
    onSettled: (_result, _error, therapistId) => queryClient.invalidateQueries({ queryKey: credentialKeys.ofTherapist(therapistId) }),
  });
}

type Decision = { id: string; decision: 'verify'; input: VerifyCredentialInput } | { id: string; decision: 'reject'; reason: string };

export function useReviewCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      api<ReviewCredentialView>(`/api/admin/credentials/${decision.id}/${decision.decision}`, {
        body: decision.decision === 'verify' ? decision.input : { reason: decision.reason },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

/** The document as a blob, for the managers' side-by-side preview (the download itself is `attachment`). */
export async function fetchCredentialDocument(credentialId: string): Promise<Blob> {
  const response = await fetch(credentialDocumentUrl(credentialId), { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, 'HTTP_ERROR', 'The document could not be loaded.');
  return response.blob();
}

/** Approves a therapist's sign-up from their credentials screen; `override` approves with credentials missing, for the reason given (audited). */
export function useApproveTherapist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ therapistId, override }: { therapistId: string; override?: { reason: string } }) =>
      api<unknown>(`/api/admin/signups/${encodeURIComponent(therapistId)}/approve`, {
        body: override ? { overrideCredentials: true, reason: override.reason } : {},
      }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: credentialKeys.all }), queryClient.invalidateQueries({ queryKey: ['admin'] })]),
  });
}
