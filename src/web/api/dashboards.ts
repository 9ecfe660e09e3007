import { useQuery } from '@tanstack/react-query';
import type { AttentionList } from '../../domain/attention';
import type { AdminDashboard, AgencyDashboard, NetworkTherapist, PatientRecord, TherapistDashboard } from '../../domain/dashboards';
import { api } from './client';
import { useKeysetList } from './keyset-pages';

export const dashboardKeys = {
  agency: ['dashboard', 'agency'] as const,
  therapist: ['dashboard', 'therapist'] as const,
  admin: ['dashboard', 'admin'] as const,
  networkTherapists: ['agency', 'therapists'] as const,
  patientRecords: ['agency', 'patients'] as const,
  attention: ['dashboard', 'attention'] as const,
};

const attentionPaths = {
  agency: '/api/dashboard/agency/attention',
  therapist: '/api/dashboard/therapist/attention',
  manager: '/api/admin/attention',
} as const;

/** "Needs your attention" for the signed-in role, read fresh by the server on every request. */
export function useAttention(role: keyof typeof attentionPaths) {
  return useQuery({
    queryKey: [...dashboardKeys.attention, role],
    queryFn: ({ signal }) => api<AttentionList>(attentionPaths[role], { signal }),
  });
}

export function useAgencyDashboard() {
  return useQuery({ queryKey: dashboardKeys.agency, queryFn: ({ signal }) => api<AgencyDashboard>('/api/dashboard/agency', { signal }) });
}

export function useTherapistDashboard() {
  return useQuery({ queryKey: dashboardKeys.therapist, queryFn: ({ signal }) => api<TherapistDashboard>('/api/dashboard/therapist', { signal }) });
}

export function useAdminFigures() {
  return useQuery({ queryKey: dashboardKeys.admin, queryFn: ({ signal }) => api<AdminDashboard>('/api/admin/dashboard', { signal }) });
}

/** A page at a time (useKeysetList): `fetchNextPage` loads the next. */
export function useNetworkTherapists() {
  return useKeysetList<NetworkTherapist>(dashboardKeys.networkTherapists, '/api/agency/therapists');
}

/** A page at a time (useKeysetList): `fetchNextPage` loads the next. */
export function usePatientRecords() {
  return useKeysetList<PatientRecord>(dashboardKeys.patientRecords, '/api/agency/patients');
}
