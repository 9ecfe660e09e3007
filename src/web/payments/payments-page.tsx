import { formatReference } from '../../domain/referral-reference';
import { useMe } from '../api/auth';
import { useStartOnboarding, useTherapistPayouts } from '../api/payments';
import { Button } from '../ui/button';
import { ReferenceSearch, useReferenceSearch } from '../ui/reference-search';
import { ErrorState, Loading } from '../ui/states';
import { AgencyInvoice } from './agency-invoice';
import { EmptyPayments, Figure, PaymentTable } from './payment-table';
import { PaymentsShell } from './payments-shell';
import { formatAmount } from '../ui/format-amount';

/**
 * /dashboard/agency/invoices and /dashboard/therapist/payments: the signed-in agency's invoice
 * lines, or the therapist's payouts with what is still owed and, under Stripe, payout onboarding.
 */
export function PaymentsPage() {
  const me = useMe();
  const userType = me.data?.account?.userType;
  if (me.isPending) return <Loading />;
  if (userType === 'agency') return <AgencyInvoice />;
  if (userType === 'therapist') return <TherapistPayments />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <ErrorState message="Payments are shown to agencies and therapists." />
    </div>
  );
}

function TherapistPayments() {
  const { reference } = useReferenceSearch();
  const payouts = useTherapistPayouts(true, reference);
  const onboarding = useStartOnboarding();
  const start = () =>
    onboarding.mutate(undefined, {
      onSuccess: (result) => {
        if (result.url) window.location.assign(result.url);
      },
    });
  return (
    <PaymentsShell title="Payments" description="Your payouts for completed, approved visits and what is still owed to you.">
      {payouts.isPending && <Loading label="Loading payouts…" />}
      {payouts.isError && <ErrorState message={payouts.error.message || 'Your payouts could not be loaded.'} action={<Button variant="secondary" onClick={() => void payouts.refetch()}>Try again</Button>} />}
      {payouts.data && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Figure label="Pending payments" value={formatAmount(payouts.data.pendingTotal)} />
            <Figure label="Paid to you" value={formatAmount(payouts.data.paidTotal)} />
          </div>
          {payouts.data.provider === 'stripe' && (
            <section className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-slate-700">
                {payouts.data.payoutsEnabled ? 'Your payout account is ready.' : 'Set up your payout account with Stripe so we can pay you.'}
              </p>
              <Button onClick={start} disabled={onboarding.isPending}>
                {payouts.data.payoutsEnabled ? 'Update payout account' : 'Set up payouts'}
              </Button>
            </section>
          )}
          {onboarding.isError && <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">{onboarding.error.message}</p>}
          {onboarding.data && !onboarding.data.url && <p role="status" className="rounded-lg bg-slate-50 p-3 text-slate-700">{onboarding.data.message}</p>}
          <ReferenceSearch label="Find payouts by referral" />
          {payouts.data.payouts.length === 0 ? (
            <EmptyPayments>
              {reference === null
                ? 'No payouts yet. A payout appears when an agency approves your visit documentation.'
                : `No payouts for ${formatReference(reference)}.`}
            </EmptyPayments>
          ) : (
            <PaymentTable caption="Payouts" items={payouts.data.payouts} show={{ agency: true }} />
          )}
        </>
      )}
    </PaymentsShell>
  );
}
