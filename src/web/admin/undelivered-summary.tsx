import { ChevronRight, MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { useAdminFigures } from '../api/dashboards';
import { cn } from '../ui/cn';

/**
 * The managers' count of messages that could not be delivered, from the database (the admin
 * dashboard's figures, read fresh every time), linking to the list where each is retried.
 */
export function UndeliveredSummary() {
  const figures = useAdminFigures();
  // The marketplace figures beside it show the loading and error states of the same request.
  if (!figures.data) return null;
  const count = figures.data.undeliveredMessages;
  return (
    <Link
      to="/dashboard/admin/undelivered"
      className={cn(
        'group flex min-h-11 items-center gap-4 rounded-2xl border p-5 shadow-sm transition-colors hover:border-brand-600',
        count > 0 ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white',
      )}
    >
      <MailWarning className={cn('size-6 shrink-0', count > 0 ? 'text-amber-800' : 'text-slate-500')} aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-700">Undelivered messages</span>
        <span className="block text-3xl font-bold text-slate-900">{count}</span>
        <span className="block text-sm text-slate-700">
          {count > 0 ? 'Mail, texts or chat messages we could not deliver. Review and retry them.' : 'Every message has been delivered or retried.'}
        </span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-slate-500 group-hover:text-brand-700" aria-hidden />
    </Link>
  );
}
