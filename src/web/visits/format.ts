import type { VisitStatus } from '../../domain/visits';

/** Local date and time of a visit, e.g. "Mon, Mar 4, 9:30 AM". */
export const formatVisitTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export const formatClock = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

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

/** YYYY-MM-DD of a local date. */
export const localDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The role from the dashboard path (/dashboard/agency/… or /dashboard/therapist/…). */
export const roleOfPath = (pathname: string): 'agency' | 'therapist' => (pathname.startsWith('/dashboard/agency') ? 'agency' : 'therapist');
