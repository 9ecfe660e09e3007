import { useState } from 'react';
import { formatReference } from '../../domain/referral-reference';
import { useAgencyInvoice, useRetryPayment, type PaymentItem } from '../api/payments';
import { Button } from '../ui/button';
import { ReferenceSearch, useReferenceSearch } from '../ui/reference-search';
import { ErrorState, Loading } from '../ui/states';
import { useTimeZone } from '../ui/use-time-zone';
import { PaymentMethodSection } from './payment-method-section';
import { EmptyPayments, Figure, formatDate, PaymentTable } from './payment-table';
import { PaymentsShell } from './payments-shell';
import { useRetryWatch } from './use-retry-watch';
import { formatAmount } from '../ui/format-amount';

/**
 * /dashboard/agency/invoices: the agency's payment method (Stripe), totals and invoice lines; a
 * failed line has a "Retry payment" button that charges it again with the saved method. The lines
 * can be searched by referral reference (the totals stay the whole account's).
 */
export function AgencyInvoice() {
  const zone = useTimeZone();
  const { pollMs, watch } = useRetryWatch();
  const { reference } = useReferenceSearch();
  const invoice = useAgencyInvoice(true, { pollMs, reference });
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
      <Button size="sm" variant="secondary" onClick={() => start(item)} disabled={retry.isPending} aria-busy={busy} aria-label={`Retry payment for the visit on ${formatDate(item.visitDate, zone)}`}>
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
              Retrying the payment for the visit on {formatDate(retried.visitDate, zone)}: we are charging your saved payment method again.
            </p>
          )}
          {retry.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {retry.error.message || 'The payment could not be retried. Please try again.'}
            </p>
          )}
          <ReferenceSearch label="Find invoice lines by referral" />
          {invoice.data.lines.length === 0 ? (
            <EmptyPayments>
              {reference === null
                ? 'No invoice lines yet. A line appears when you approve a visit’s documentation.'
                : `No invoice lines for ${formatReference(reference)}.`}
            </EmptyPayments>
          ) : (
            <PaymentTable caption="Invoice lines" items={invoice.data.lines} show={{ therapist: true }} action={invoice.data.lines.some((line) => line.status === 'failed') ? action : undefined} />
          )}
        </>
      )}
    </PaymentsShell>
  );
}
