import type { ReactNode } from 'react';
import type { PaymentLineStatus } from '../../domain/visits';
import { type PaymentItem } from '../api/payments';
import { cn } from '../ui/cn';
import { formatAmount } from '../ui/format-amount';
import { ResponsiveTable, type Column } from '../ui/responsive-table';
import { formatDay } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

const statusStyles: Record<PaymentLineStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  processing: 'bg-sky-50 text-sky-800 ring-sky-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

export function PaymentStatusBadge({ status }: { status: PaymentLineStatus }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', statusStyles[status])}>{status}</span>;
}

/** The day of a payment's instant (the visit, the payment, the card added) on the viewer's calendar. */
export function formatDate(iso: string | null, timeZone: string): string {
  return iso ? formatDay(iso, timeZone) : '—';
}

/**
 * Invoice lines or payouts as a table, or as cards on a phone; `show` picks the party columns,
 * `action` adds a last column of buttons.
 */
export function PaymentTable({
  caption,
  items,
  show,
  action,
  cardsBelow,
}: {
  caption: string;
  items: PaymentItem[];
  show: { agency?: boolean; therapist?: boolean };
  action?: (item: PaymentItem) => ReactNode;
  cardsBelow?: 'sm' | 'lg' | 'xl';
}) {
  const zone = useTimeZone();
  const columns: Column<PaymentItem>[] = [
    { header: 'Visit date', cell: (item) => formatDate(item.visitDate, zone), className: 'whitespace-nowrap' },
    ...(show.agency ? [{ header: 'Agency', cell: (item: PaymentItem) => item.agencyName }] : []),
    ...(show.therapist ? [{ header: 'Therapist', cell: (item: PaymentItem) => item.therapistName }] : []),
    {
      header: 'Service',
      cell: (item) => (
        <>
          <span className="capitalize">{item.serviceId.replaceAll('_', ' ')}</span>
          <span className="block text-xs break-words text-slate-600">{item.referenceLabel}</span>
        </>
      ),
    },
    { header: 'Amount', cell: (item) => formatAmount(item.amount), align: 'right' },
    {
      header: 'Status',
      cell: (item) => (
        <>
          <PaymentStatusBadge status={item.status} />
          {item.failureMessage && item.status !== 'paid' && <p className="mt-1 text-xs text-slate-600">{item.failureMessage}</p>}
        </>
      ),
    },
    { header: 'Paid', cell: (item) => formatDate(item.paidAt, zone), className: 'whitespace-nowrap' },
    ...(action ? [{ header: 'Actions', cell: action, actions: true }] : []),
  ];
  return <ResponsiveTable caption={caption} columns={columns} rows={items} rowKey={(item) => item.id} cardsBelow={cardsBelow} />;
}

export function EmptyPayments({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">{children}</p>;
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
    </div>
  );
}
