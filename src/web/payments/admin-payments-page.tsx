import { Download } from 'lucide-react';
import { useState } from 'react';
import { paymentLineStatuses, type PaymentLineStatus } from '../../domain/visits';
import { ApiError } from '../api/client';
import { paymentsCsvUrl, useAdminPayments, useAdminRetryPayment, useAdminRetryPayout, useMarkPaid, type PaymentFilters, type PaymentItem } from '../api/payments';
import { Button, buttonClass } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ReferenceSearch, useReferenceSearch } from '../ui/reference-search';
import { ErrorState, Loading } from '../ui/states';
import { useTimeZone } from '../ui/use-time-zone';
import { EmptyPayments, formatDate, PaymentTable } from './payment-table';
import { useRetryWatch } from './use-retry-watch';

/** Both parties and two buttons make eight columns: a table only where they fit beside the sidebar. */
const LEDGER_TABLE_FROM = 'xl';

/** /dashboard/admin/payments: the ledger of invoice lines and payouts; managers mark them paid and export CSV. */
export function AdminPaymentsPage() {
  const zone = useTimeZone();
  const [chosen, setFilters] = useState<PaymentFilters>({});
  // The reference search lives in the URL (a shared link keeps it); the other filters on the page.
  const { reference } = useReferenceSearch();
  const filters: PaymentFilters = reference === null ? chosen : { ...chosen, reference };
  const { pollMs, watch } = useRetryWatch();
  const payments = useAdminPayments(filters, { pollMs });
  const markPaid = useMarkPaid();
  const retry = useAdminRetryPayment();
  const retryPayout = useAdminRetryPayout();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();

  // The parties seen in the list (kept while it is filtered down to one of them).
  const [agencies, setAgencies] = useState(new Map<string, string>());
  const [therapists, setTherapists] = useState(new Map<string, string>());
  const seen = payments.data ? [...payments.data.invoiceLines, ...payments.data.payouts] : [];
  if (seen.some((item) => !agencies.has(item.agencyId))) setAgencies(new Map([...agencies, ...seen.map((item) => [item.agencyId, item.agencyName] as const)]));
  if (seen.some((item) => !therapists.has(item.therapistId))) setTherapists(new Map([...therapists, ...seen.map((item) => [item.therapistId, item.therapistName] as const)]));

  const error = payments.error instanceof ApiError ? payments.error : undefined;
  const onMarkPaid = (kind: 'invoice-lines' | 'payouts', item: PaymentItem) => {
    markPaid.mutate(
      { kind, id: item.id },
      {
        onSuccess: () => setNotice({ tone: 'success', text: `Marked paid: ${item.therapistName}, ${item.agencyName}.` }),
        onError: (failure) => setNotice({ tone: 'error', text: `Could not mark it paid: ${failure.message}` }),
      },
    );
  };
  // "Retry payment" and "Retry payout": the same notices, then the page follows the job to its outcome.
  const retryWith = (mutation: typeof retry | typeof retryPayout, what: 'payment' | 'payout', parties: (item: PaymentItem) => string) => (item: PaymentItem) => {
    mutation.mutate(item.id, {
      onSuccess: () => {
        setNotice({ tone: 'success', text: `Retrying the ${what}: ${parties(item)}.` });
        watch();
      },
      onError: (failure) => setNotice({ tone: 'error', text: `Could not retry the ${what}: ${failure.message}` }),
    });
  };
  const onRetry = retryWith(retry, 'payment', (item) => `${item.agencyName}, ${item.therapistName}`);
  const onRetryPayout = retryWith(retryPayout, 'payout', (item) => `${item.therapistName}, ${item.agencyName}`);
  const markButton = (kind: 'invoice-lines' | 'payouts') => (item: PaymentItem) =>
    item.status === 'paid' ? null : (
      <div className="flex justify-end gap-2">
        {/* A failed Stripe charge can be charged again with the agency's saved payment method. */}
        {kind === 'invoice-lines' && item.status === 'failed' && item.provider === 'stripe' && (
          <Button size="sm" variant="secondary" disabled={retry.isPending} aria-busy={retry.isPending && retry.variables === item.id} onClick={() => onRetry(item)}>
            {retry.isPending && retry.variables === item.id ? 'Retrying…' : 'Retry payment'}
          </Button>
        )}
        {/* A failed payout (declined transfer, provider unreachable) is paid again as a new attempt; the server never pays a visit twice. */}
        {kind === 'payouts' && item.status === 'failed' && (
          <Button
            size="sm"
            variant="secondary"
            disabled={retryPayout.isPending}
            aria-busy={retryPayout.isPending && retryPayout.variables === item.id}
            aria-label={`Retry payout to ${item.therapistName} for the visit on ${formatDate(item.visitDate, zone)}`}
            onClick={() => onRetryPayout(item)}
          >
            {retryPayout.isPending && retryPayout.variables === item.id ? 'Retrying…' : 'Retry payout'}
          </Button>
        )}
        <Button size="sm" variant="secondary" disabled={markPaid.isPending} onClick={() => onMarkPaid(kind, item)}>
          Mark paid
        </Button>
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Payments" description="The CareRelay payments ledger: agency invoice lines and therapist payouts." />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900">Payments</h1>
          {payments.data && (
            <p className="mt-1 text-sm text-slate-600">
              {payments.data.provider === 'stripe' ? 'Payments run through Stripe Connect.' : 'Built-in ledger: settle outside CareRelay, then mark paid here.'}
            </p>
          )}
        </div>
        <a href={paymentsCsvUrl(filters)} className={buttonClass('secondary')} download>
          <Download className="size-4" aria-hidden /> Download CSV
        </a>
      </header>

      <div className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Status
          <select
            className="h-10 rounded-lg border border-slate-300 px-3"
            value={filters.status ?? ''}
            onChange={(event) => setFilters((current) => ({ ...current, status: (event.target.value || undefined) as PaymentLineStatus | undefined }))}
          >
            <option value="">All</option>
            {paymentLineStatuses.map((status) => (
              <option key={status} value={status}>
                {status[0]?.toUpperCase() + status.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <PartySelect label="Agency" value={filters.agencyId} options={agencies} onChange={(agencyId) => setFilters((current) => ({ ...current, agencyId }))} />
        <PartySelect label="Therapist" value={filters.therapistId} options={therapists} onChange={(therapistId) => setFilters((current) => ({ ...current, therapistId }))} />
        {(filters.agencyId || filters.therapistId) && (
          <Button variant="ghost" onClick={() => setFilters((current) => ({ status: current.status }))}>
            Show every agency and therapist
          </Button>
        )}
        <ReferenceSearch label="Referral" />
      </div>

      {notice && (
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'rounded-lg bg-red-50 p-3 text-red-800' : 'rounded-lg bg-emerald-50 p-3 text-emerald-800'}>
          {notice.text}
        </p>
      )}

      {payments.isPending && <Loading label="Loading payments…" />}
      {payments.isError && (
        <ErrorState
          message={error?.code === 'MFA_REQUIRED' ? error.message : payments.error.message || 'The payments could not be loaded.'}
          action={
            <Button variant="secondary" onClick={() => void payments.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {payments.data && (
        <>
          <section className="space-y-3">
            <h2 className="text-xl font-semibold text-slate-900">Agency invoice lines</h2>
            {payments.data.invoiceLines.length === 0 ? (
              <EmptyPayments>No invoice lines match these filters.</EmptyPayments>
            ) : (
              <PaymentTable
                caption="Agency invoice lines"
                items={payments.data.invoiceLines}
                show={{ agency: true, therapist: true }}
                action={markButton('invoice-lines')}
                cardsBelow={LEDGER_TABLE_FROM}
              />
            )}
          </section>
          <section className="space-y-3">
            <h2 className="text-xl font-semibold text-slate-900">Therapist payouts</h2>
            {payments.data.payouts.length === 0 ? (
              <EmptyPayments>No payouts match these filters.</EmptyPayments>
            ) : (
              <PaymentTable
                caption="Therapist payouts"
                items={payments.data.payouts}
                show={{ agency: true, therapist: true }}
                action={markButton('payouts')}
                cardsBelow={LEDGER_TABLE_FROM}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}

function PartySelect({ label, value, options, onChange }: { label: string; value: string | undefined; options: Map<string, string>; onChange: (value: string | undefined) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select className="h-10 max-w-64 rounded-lg border border-slate-300 px-3" value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">All</option>
        {[...options].sort((a, b) => a[1].localeCompare(b[1])).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
