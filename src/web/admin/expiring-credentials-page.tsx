import { ArrowLeft, BadgeCheck, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { calendarDate, EXPIRING_WINDOW_DAYS, type ExpiringCredential } from '../../domain/credential-expiry';
import { useExpiringCredentials } from '../api/expiring-credentials';
import { cn } from '../ui/cn';
import { PageMeta } from '../ui/page-meta';
import { ResponsiveTable, type Column } from '../ui/responsive-table';
import { formatDay } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { AdminQueryStates } from './access-panels';

/** Where a manager reviews one therapist's credentials (the verification screen). */
export const therapistCredentialsPath = (therapistId: string) => `/dashboard/admin/credentials/therapists/${encodeURIComponent(therapistId)}`;

function daysLeftText(daysLeft: number): string {
  if (daysLeft < 0) return `Expired ${-daysLeft} ${daysLeft === -1 ? 'day' : 'days'} ago`;
  if (daysLeft === 0) return 'Expires today';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

function DaysLeft({ item }: { item: ExpiringCredential }) {
  const lapsed = item.status === 'expired';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        lapsed ? 'bg-red-100 text-red-900 ring-red-600/30' : item.daysLeft <= 7 ? 'bg-yellow-100 text-yellow-900 ring-yellow-600/30' : 'bg-slate-100 text-slate-800 ring-slate-500/30',
      )}
    >
      {daysLeftText(item.daysLeft)}
    </span>
  );
}

function Reminder({ item }: { item: ExpiringCredential }) {
  const zone = useTimeZone();
  if (!item.lastReminder) return <span className="text-slate-600">Not yet</span>;
  const { daysBefore, sentAt } = item.lastReminder;
  const which = daysBefore === 0 ? 'On the day' : `${daysBefore}-day`;
  return (
    <span>
      {which}, {formatDay(sentAt, zone)}
    </span>
  );
}

const columns: readonly Column<ExpiringCredential>[] = [
  { header: 'Therapist', cell: (item) => <span className="font-medium text-slate-900">{item.therapistName}</span> },
  {
    header: 'Credential',
    cell: (item) => (
      <span>
        {item.label}
        {item.kind !== 'state_license' && item.issuer && <span className="text-slate-600"> · {item.issuer}</span>}
        {item.renewalSubmitted && <span className="mt-1 block text-xs font-medium text-brand-700">Renewal awaiting verification</span>}
      </span>
    ),
  },
  { header: 'Expiry date', cell: (item) => calendarDate(item.expiresOn), className: 'whitespace-nowrap' },
  { header: 'Days left', cell: (item) => <DaysLeft item={item} /> },
  { header: 'Reminder sent', cell: (item) => <Reminder item={item} /> },
  {
    header: 'Review',
    actions: true,
    cell: (item) => (
      <Link
        to={therapistCredentialsPath(item.therapistId)}
        className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-700 underline hover:no-underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        Review credentials<span className="sr-only"> of {item.therapistName}</span>
      </Link>
    ),
  },
];

/**
 * /dashboard/admin/expiring-credentials: every credential of an approved therapist that has
 * expired or expires within 60 days, soonest first, with whether the therapist was reminded, and
 * the way to their credentials to verify a renewal.
 */
export function ExpiringCredentialsPage() {
  const list = useExpiringCredentials();
  const items = list.data?.items ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Expiring credentials" description="Therapists' credentials that have expired or expire within 60 days." />
      <header>
        <Link to="/dashboard/admin" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline hover:no-underline">
          <ArrowLeft className="size-4" aria-hidden /> Admin dashboard
        </Link>
        <p className="mt-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">Expiring soon</h1>
        <p className="mt-2 max-w-prose text-slate-700">
          Credentials of approved therapists that have expired or expire within {EXPIRING_WINDOW_DAYS} days, soonest first. Therapists are reminded
          60, 30 and 7 days before and on the day; an expired required credential stops their referrals until a renewal is verified.
        </p>
      </header>

      <AdminQueryStates query={list} failed="The expiring credentials could not be loaded." loading="Loading expiring credentials…" />
      {list.data && items.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <BadgeCheck className="size-8 text-slate-500" aria-hidden />
          <p className="text-lg font-medium text-slate-800">No credential expires in the next {EXPIRING_WINDOW_DAYS} days.</p>
        </div>
      )}
      {items.length > 0 && (
        <section aria-labelledby="expiring-count" className="space-y-3">
          <h2 id="expiring-count" className="flex items-center gap-2 text-sm text-slate-600">
            <CalendarClock className="size-4" aria-hidden />
            {items.length} {items.length === 1 ? 'credential' : 'credentials'}, soonest first
          </h2>
          <ResponsiveTable caption="Expiring credentials" columns={columns} rows={items} rowKey={(item) => item.credentialId} cardsBelow="lg" />
        </section>
      )}
    </div>
  );
}
