import { useQuery } from '@tanstack/react-query';
import type { VisitsNeedingNotes } from '../../domain/visits-needing-notes';
import { api, ApiError } from '../api/client';
import { visitKeys } from '../api/visits';

// Under the visits key, so every visit and note change (which invalidate ['visits']) refreshes it.
export const needsNotesKey = [...visitKeys.all, 'needs-notes'] as const;

const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

/** GET /api/visits/needs-notes: the therapist's checked-out visits whose note is not yet signed. */
export function useVisitsNeedingNotes() {
  return useQuery({ queryKey: needsNotesKey, queryFn: () => api<VisitsNeedingNotes>('/api/visits/needs-notes'), retry });
}
