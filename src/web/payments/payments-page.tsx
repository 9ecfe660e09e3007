import type { ReactNode } from 'react';
import { useMe } from '../api/auth';
import { money, useAgencyInvoice, useStartOnboarding, useTherapistPayouts } from '../api/payments';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { PaymentMethodSection } from './payment-method-section';
import { EmptyPayments, Figure, PaymentTable } from './payment-table';

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

function Shell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title={title} description={description} />
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

function AgencyInvoice() {
  const invoice = useAgencyInvoice(true);
  return (
    <Shell title="Invoices" description="What your agency owes and has paid for completed, approved visits.">
      <PaymentMethodSection />
      {invoice.isPending && <Loading label="Loading invoices…" />}
      {invoice.isError && <ErrorState message={invoice.error.message || 'Your invoice could not be loaded.'} action={<Button variant="secondary" onClick={() => void invoice.refetch()}>Try again</Button>} />}
      {invoice.data && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Figure label="Outstanding" value={money.format(invoice.data.outstandingTotal)} />
            <Figure label="Paid" value={money.format(invoice.data.paidTotal)} />
          </div>
          {invoice.data.lines.length === 0 ? (
            <EmptyPayments>No invoice lines yet. A line appears when you approve a visit&apos;s documentation.</EmptyPayments>
          ) : (
            <PaymentTable caption="Invoice lines" items={invoice.data.lines} show={{ therapist: true }} />
          )}
        </>
      )}
    </Shell>
  );
}

function TherapistPayments() {
  const payouts = useTherapistPayouts(true);
  const onboarding = useStartOnboarding();
  const start = () =>
    onboarding.mutate(undefined, {
      onSuccess: (result) => {
        if (result.url) window.location.assign(result.url);
      },
    });
  return (
    <Shell title="Payments" description="Your payouts for completed, approved visits and what is still owed to you.">
      {payouts.isPending && <Loading label="Loading payouts…" />}
      {payouts.isError && <ErrorState message={payouts.error.message || 'Your payouts could not be loaded.'} action={<Button variant="secondary" onClick={() => void payouts.refetch()}>Try again</Button>} />}
      {payouts.data && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Figure label="Pending payments" value={money.format(payouts.data.pendingTotal)} />
            <Figure label="Paid to you" value={money.format(payouts.data.paidTotal)} />
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
          {payouts.data.payouts.length === 0 ? (
            <EmptyPayments>No payouts yet. A payout appears when an agency approves your visit documentation.</EmptyPayments>
          ) : (
            <PaymentTable caption="Payouts" items={payouts.data.payouts} show={{ agency: true }} />
          )}
        </>
      )}
    </Shell>
  );
}
