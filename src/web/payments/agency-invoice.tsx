import { useState } from 'react';
import { useAgencyInvoice, useRetryPayment, type PaymentItem } from '../api/payments';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { PaymentMethodSection } from './payment-method-section';
import { EmptyPayments, Figure, formatDate, PaymentTable } from './payment-table';
import { PaymentsShell } from './payments-shell';
import { useRetryWatch } from './use-retry-watch';
import { formatAmount } from '../ui/format-amount';

/**
 * /dashboard/agency/invoices: the agency's payment method (Stripe), totals and invoice lines; a
 * failed line has a "Retry payment" button that charges it again with the saved method.
 */
export function AgencyInvoice() {
  const { pollMs, watch } = useRetryWatch();
  const invoice = useAgencyInvoice(true, { pollMs });
  const retry = useRetryPayment();
  const [retried, setRetried] = useState<PaymentItem | null>(null);

  const start = (item: PaymentItem) => {
    setRetried(null);
    retry.mutate(item.id, {
      onSuccess: (line) => {
        setRetried(line);
        watch();
      },
    });
  };

  const action = (item: PaymentItem) => {
    if (item.status !== 'failed') return null;
    const busy = retry.isPending && retry.variables === item.id;
    return (
      <Button size="sm" variant="secondary" onClick={() => start(item)} disabled={retry.isPending} aria-busy={busy} aria-label={`Retry payment for the visit on ${formatDate(item.visitDate)}`}>
        {busy ? 'Retrying…' : 'Retry payment'}
      </Button>
    );
  };

  return (
    <PaymentsShell title="Invoices" description="What your agency owes and has paid for completed, approved visits.">
      <PaymentMethodSection />
      {invoice.isPending && <Loading label="Loading invoices…" />}
      {invoice.isError && (
        <ErrorState
          message={invoice.error.message || 'Your invoice could not be loaded.'}
          action={
            <Button variant="secondary" onClick={() => void invoice.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {invoice.data && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Figure label="Outstanding" value={formatAmount(invoice.data.outstandingTotal)} />
            <Figure label="Paid" value={formatAmount(invoice.data.paidTotal)} />
          </div>
          {retried && !retry.isError && (
            <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
              Retrying the payment for the visit on {formatDate(retried.visitDate)}: we are charging your saved payment method again.
            </p>
          )}
          {retry.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {retry.error.message || 'The payment could not be retried. Please try again.'}
            </p>
          )}
          {invoice.data.lines.length === 0 ? (
            <EmptyPayments>No invoice lines yet. A line appears when you approve a visit&apos;s documentation.</EmptyPayments>
          ) : (
            <PaymentTable caption="Invoice lines" items={invoice.data.lines} show={{ therapist: true }} action={invoice.data.lines.some((line) => line.status === 'failed') ? action : undefined} />
          )}
        </>
      )}
    </PaymentsShell>
  );
}
