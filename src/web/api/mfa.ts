import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrolFactorInput } from '../../domain/mfa';
import { authKeys } from './auth';
import { api, ApiError } from './client';

export type AssuranceLevel = 'aal1' | 'aal2';

export interface Factor {
  id: string;
  factorType: 'totp' | 'phone';
  friendlyName: string;
  status: 'unverified' | 'verified';
  /** Masked by the server, e.g. "••• ••• 0199". */
  phone: string | null;
  createdAt: string;
}

/** GET /api/mfa/factors: the user's factors and where this session stands. */
export interface FactorsState {
  factors: Factor[];
  aal: AssuranceLevel;
  /** aal2 once the user has a verified factor: the level every session must reach. */
  nextLevel: AssuranceLevel;
  unusedBackupCodes: number;
}

export interface EnrolledFactor {
  id: string;
  factorType: 'totp' | 'phone';
  totp: { secret: string; uri: string; qrCode: string } | null;
}

export interface Challenge {
  id: string;
  expiresAt: string;
}

export interface VerifiedFactor {
  aal: 'aal2';
  /** Only for the user's first verified factor: shown once, never again. */
  backupCodes?: string[];
}

export const mfaKeys = {
  factors: ['mfa', 'factors'] as const,
};

const noRetryOnRefusal = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

export function useFactors(enabled = true) {
  return useQuery({
    queryKey: mfaKeys.factors,
    queryFn: () => api<FactorsState>('/api/mfa/factors'),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/** True when the server refused because this session has not passed the user's second factor. */
export function isMfaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'MFA_REQUIRED';
}

/**
 * Whether a refused code needs a fresh challenge (expired, used up or too many tries) rather than
 * another attempt. The server's messages for those cases all end by asking for a new code.
 */
export function needsNewChallenge(error: unknown): boolean {
  return error instanceof ApiError && /request a new code/i.test(error.fields.code ?? error.message);
}

/**
 * The factor list and the session's level change together whenever a factor is proved or changed.
 * Mutations return this promise so they settle only once the page shows the new state.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: mfaKeys.factors }), queryClient.invalidateQueries({ queryKey: authKeys.me })]);
}

export function useEnrolFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: EnrolFactorInput) => api<EnrolledFactor>('/api/mfa/factors', { body }),
    onSuccess: () => refresh(),
  });
}

/** Starts proving a factor; for a phone the server texts a code. */
export function useChallengeFactor() {
  return useMutation({
    mutationFn: (factorId: string) => api<Challenge>(`/api/mfa/factors/${encodeURIComponent(factorId)}/challenge`, { body: {} }),
  });
}

export function useVerifyFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ factorId, challengeId, code }: { factorId: string; challengeId: string; code: string }) =>
      api<VerifiedFactor>(`/api/mfa/factors/${encodeURIComponent(factorId)}/verify`, { body: { challengeId, code } }),
    onSuccess: () => refresh(),
  });
}

export function useRemoveFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (factorId: string) => api<void>(`/api/mfa/factors/${encodeURIComponent(factorId)}`, { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}

export function useBackupCodeSignIn() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (code: string) => api<{ aal: 'aal2' }>('/api/mfa/backup-codes/verify', { body: { code } }),
    onSuccess: () => refresh(),
  });
}

/** Replaces the backup codes (the old ones stop working); needs aal2. */
export function useRegenerateBackupCodes() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => api<{ backupCodes: string[] }>('/api/mfa/backup-codes', { body: {} }),
    onSuccess: () => refresh(),
  });
}
