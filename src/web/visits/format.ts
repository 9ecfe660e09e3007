import type { VisitStatus } from '../../domain/visits';

export const statusLabels: Record<VisitStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'Checked in',
  completed: 'Completed',
  documented: 'Documented',
  approved: 'Approved',
  paid: 'Paid',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

const statusClasses: Partial<Record<VisitStatus, string>> = {
  scheduled: 'bg-brand-50 text-brand-800',
  in_progress: 'bg-amber-50 text-amber-900',
  completed: 'bg-green-50 text-green-800',
  missed: 'bg-red-50 text-red-800',
  cancelled: 'bg-slate-100 text-slate-700',
};

export const statusClass = (status: VisitStatus) => statusClasses[status] ?? 'bg-slate-100 text-slate-800';

/** The role from the dashboard path (/dashboard/agency/… or /dashboard/therapist/…). */
export const roleOfPath = (pathname: string): 'agency' | 'therapist' => (pathname.startsWith('/dashboard/agency') ? 'agency' : 'therapist');
