import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard, AgencyDashboard, NetworkTherapist, PatientRecord, TherapistDashboard } from '../../domain/dashboards';
import { api } from './client';

export const dashboardKeys = {
  agency: ['dashboard', 'agency'] as const,
  therapist: ['dashboard', 'therapist'] as const,
  admin: ['dashboard', 'admin'] as const,
  networkTherapists: ['agency', 'therapists'] as const,
  patientRecords: ['agency', 'patients'] as const,
};

export function useAgencyDashboard() {
  return useQuery({ queryKey: dashboardKeys.agency, queryFn: ({ signal }) => api<AgencyDashboard>('/api/dashboard/agency', { signal }) });
}

export function useTherapistDashboard() {
  return useQuery({ queryKey: dashboardKeys.therapist, queryFn: ({ signal }) => api<TherapistDashboard>('/api/dashboard/therapist', { signal }) });
}

export function useAdminFigures() {
  return useQuery({ queryKey: dashboardKeys.admin, queryFn: ({ signal }) => api<AdminDashboard>('/api/admin/dashboard', { signal }) });
}

export function useNetworkTherapists() {
  return useQuery({
    queryKey: dashboardKeys.networkTherapists,
    queryFn: ({ signal }) => api<{ items: NetworkTherapist[] }>('/api/agency/therapists', { signal }),
  });
}

export function usePatientRecords() {
  return useQuery({
    queryKey: dashboardKeys.patientRecords,
    queryFn: ({ signal }) => api<{ items: PatientRecord[] }>('/api/agency/patients', { signal }),
  });
}
