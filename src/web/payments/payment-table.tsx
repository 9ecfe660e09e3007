import type { ReactNode } from 'react';
import type { PaymentLineStatus } from '../../domain/visits';
import { type PaymentItem } from '../api/payments';
import { cn } from '../ui/cn';
import { formatAmount } from '../ui/format-amount';

const statusStyles: Record<PaymentLineStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  processing: 'bg-sky-50 text-sky-800 ring-sky-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

export function PaymentStatusBadge({ status }: { status: PaymentLineStatus }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', statusStyles[status])}>{status}</span>;
}

export function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
}

/** Invoice lines or payouts as a table; `show` picks the party columns, `action` adds a last column. */
export function PaymentTable({
  caption,
  items,
  show,
  action,
}: {
  caption: string;
  items: PaymentItem[];
  show: { agency?: boolean; therapist?: boolean };
  action?: (item: PaymentItem) => ReactNode;
}) {
  return (
    // Focusable so the table can be scrolled sideways from the keyboard on a narrow screen; relative so
    // the visually hidden header text (absolutely positioned) stays inside it instead of widening the page.
    <div tabIndex={0} role="region" aria-label={caption} className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Visit date</th>
            {show.agency && <th scope="col" className="px-4 py-3">Agency</th>}
            {show.therapist && <th scope="col" className="px-4 py-3">Therapist</th>}
            <th scope="col" className="px-4 py-3">Service</th>
            <th scope="col" className="px-4 py-3 text-right">Amount</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Paid</th>
            {action && <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id}>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(item.visitDate)}</td>
              {show.agency && <td className="px-4 py-3">{item.agencyName}</td>}
              {show.therapist && <td className="px-4 py-3">{item.therapistName}</td>}
              <td className="px-4 py-3">
                <span className="capitalize">{item.serviceId.replaceAll('_', ' ')}</span>
                <span className="block text-xs break-words text-slate-600">{item.referenceLabel}</span>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatAmount(item.amount)}</td>
              <td className="px-4 py-3">
                <PaymentStatusBadge status={item.status} />
                {item.failureMessage && item.status !== 'paid' && <p className="mt-1 text-xs text-slate-600">{item.failureMessage}</p>}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(item.paidAt)}</td>
              {action && <td className="px-4 py-3 text-right">{action(item)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
