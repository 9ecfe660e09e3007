import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentKeys, useAgencyPaymentMethod, useStartPaymentMethodSetup } from '../api/payments';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { useTimeZone } from '../ui/use-time-zone';
import { formatDate } from './payment-table';

/** How long to keep asking after Checkout returns: the method is recorded from Stripe's webhook, usually within seconds. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_WINDOW_MS = 30_000;
const FRESH_MS = 10 * 60_000;

const brandNames: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
  us_bank_account: 'Bank account',
};

export function describeMethod(method: { brand: string | null; last4: string | null }): string {
  const brand = method.brand ? (brandNames[method.brand] ?? method.brand) : 'Payment method';
  return method.last4 ? `${brand} ending in ${method.last4}` : brand;
}

/**
 * The agency's payment method under Stripe: what its completed visits are charged to, and the way
 * to Stripe Checkout to add or replace it. Renders nothing under the built-in ledger. After
 * Checkout returns (`?payment-method=saved`) it polls briefly, as the method is recorded from
 * Stripe's webhook rather than from the browser's word.
 */
export function PaymentMethodSection() {
  const zone = useTimeZone();
  const [params] = useSearchParams();
  const returned = params.get('payment-method');
  const [confirming, setConfirming] = useState(returned === 'saved');
  const [openedAt] = useState(() => Date.now());
  const method = useAgencyPaymentMethod({ pollMs: confirming ? CONFIRM_POLL_MS : undefined });
  const setup = useStartPaymentMethodSetup();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  // A newly saved method re-queues parked and failed lines: show their new state.
  const updatedAt = method.data?.paymentMethod?.updatedAt;
  useEffect(() => {
    if (updatedAt) void queryClient.invalidateQueries({ queryKey: paymentKeys.agency(), exact: true });
  }, [updatedAt, queryClient]);

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (result) => {
        if (result.url) window.location.assign(result.url);
      },
    });

  if (method.isPending) return <Loading label="Loading payment method…" />;
  if (method.isError) {
    return (
      <ErrorState
        message={method.error.message || 'Your payment method could not be loaded.'}
        action={
          <Button variant="secondary" onClick={() => void method.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const data = method.data;
  if (data.provider !== 'stripe') return null;
  const saved = data.paymentMethod;
  const waiting = data.linesAwaitingPaymentMethod;
  // Replacing a card shows the old one until the webhook records the new one: only a recent save counts.
  const justSaved = Boolean(saved?.updatedAt && Date.parse(saved.updatedAt) > openedAt - FRESH_MS);

  return (
    <section aria-labelledby="payment-method-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <CreditCard className="mt-0.5 size-6 shrink-0 text-slate-500" aria-hidden />
          <div className="min-w-0">
            <h2 id="payment-method-heading" className="text-lg font-semibold text-slate-900">
              Payment method
            </h2>
            {saved ? (
              <>
                <p className="text-slate-800">{describeMethod(saved)}</p>
                <p className="text-sm text-slate-600">
                  Approved visits are charged to it automatically{saved.updatedAt ? ` · added ${formatDate(saved.updatedAt, zone)}` : ''}.
                </p>
              </>
            ) : (
              <p className="text-slate-700">{data.message ?? 'Add a payment method to pay for completed visits.'}</p>
            )}
          </div>
        </div>
        <Button onClick={start} disabled={setup.isPending} variant={saved ? 'secondary' : 'primary'}>
          {setup.isPending ? 'Opening Stripe…' : saved ? 'Replace payment method' : 'Add payment method'}
        </Button>
      </div>
      {!saved && waiting > 0 && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {waiting === 1 ? '1 completed visit is' : `${waiting} completed visits are`} waiting to be charged. Add a payment method to pay for completed visits.
        </p>
      )}
      {returned === 'saved' && confirming && !justSaved && (
        <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          Stripe is confirming your payment method. It appears here in a moment.
        </p>
      )}
      {returned === 'saved' && justSaved && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          Payment method saved. Visits waiting for it, and any failed payments, are being charged again.
        </p>
      )}
      {returned === 'cancelled' && (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          No payment method was added.
        </p>
      )}
      {setup.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {setup.error.message}
        </p>
      )}
      <p className="text-xs text-slate-500">Card details are entered on Stripe&apos;s secure page; CareRelay keeps only the brand and last four digits.</p>
    </section>
  );
}
