import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../ui/back-link';
import type { TherapistReferral } from '../../../domain/referrals';
import { ApiError } from '../../api/client';
import { useTherapistReferral } from '../../api/referrals';
import { Button, ButtonLink } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';
import { ErrorState, Loading } from '../../ui/states';
import { ReferralVisits } from '../../visits/referral-visits';
import { CareClocksPanel } from '../../visits/care-clocks-panel';
import { OrdersPanel } from '../../visits/orders-panel';
import { ReferralAgencyRecord } from '../../ratings/agency-record-card';
import { RatingPanel } from '../../ratings/rating-panel';
import { PatientPanel } from '../patient-panel';
import { ActionFeedbackArea, useActionFeedback } from './action-feedback';
import { referralOutcome } from './format';
import { HideToggle } from './hide-toggle';
import { ResponseBadge, UrgencyBadge } from './referral-badges';
import { referralTitle } from './referral-card';
import { ReferralFacts, ServiceRatesTable } from './referral-facts';
import { ReferralOutcomeBanner } from './referral-outcome';
import { ResponsePanel } from './response-panel';

const description = 'A referral from a home health agency: services, rates, visit frequency and your response.';

/** /dashboard/therapist/referrals/:id: one referral, what the therapist can do with it, and how it ended. */
export function TherapistReferralPage() {
  const { id = '' } = useParams();
  const referral = useTherapistReferral(id);

  if (referral.isPending) {
    return (
      <Shell>
        <PageMeta title="Referral" description={description} />
        <Loading label="Loading the referral…" />
      </Shell>
    );
  }
  if (referral.isError) {
    // Not offered to this therapist, or no such referral: the server does not say which.
    const unavailable = referral.error instanceof ApiError && (referral.error.status === 404 || referral.error.status === 403);
    return <Shell>{unavailable ? <NotAvailable /> : <LoadError message={referral.error.message} onRetry={() => void referral.refetch()} />}</Shell>;
  }
  return (
    <Shell>
      <ReferralDetail referral={referral.data} />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <p>
        <BackLink to="/dashboard/therapist/referrals">Back to referrals near me</BackLink>
      </p>
      {children}
    </div>
  );
}

function ReferralDetail({ referral }: { referral: TherapistReferral }) {
  const outcome = referralOutcome(referral);
  const title = referralTitle(referral);
  const feedback = useActionFeedback();
  return (
    <>
      <PageMeta title={title} description={description} />
      <header className="space-y-2">
        <p className="text-sm font-semibold break-words text-slate-600">{referral.referenceLabel}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        <p className="break-words text-slate-700">Posted by {referral.agencyName}</p>
        <div className="flex flex-wrap gap-2">
          <UrgencyBadge urgency={referral.urgency} />
          {referral.myResponse && outcome === 'open' && <ResponseBadge status={referral.myResponse.status} />}
        </div>
      </header>

      <ActionFeedbackArea feedback={feedback} />
      {outcome !== 'open' && <ReferralOutcomeBanner referral={referral} outcome={outcome} />}
      {outcome === 'open' && <ResponsePanel referral={referral} feedback={feedback} />}
      {outcome === 'matched_to_me' && <RatingPanel referralId={referral.id} />}
      {(outcome === 'open' || outcome === 'matched_to_me') && <ReferralAgencyRecord referralId={referral.id} agencyName={referral.agencyName} />}

      <section aria-labelledby="details-heading" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
          Referral details
        </h2>
        <ServiceRatesTable services={referral.services} myRates={referral.myRates} caption="Services, visits and rates" />
        <ReferralFacts referral={referral} />
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Clinical summary</h3>
          <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-800">{referral.clinicalSummary}</p>
        </div>
      </section>

      {outcome === 'matched_to_me' && <CareClocksPanel referralId={referral.id} role="therapist" />}
      {outcome === 'matched_to_me' && <OrdersPanel referralId={referral.id} role="therapist" />}
      {outcome === 'matched_to_me' && <PatientPanel referralId={referral.id} canEdit={false} />}
      {outcome === 'matched_to_me' && <ReferralVisits referralId={referral.id} role="therapist" />}
      {!referral.matchedToMe && (outcome === 'open' || referral.hidden) && <HideToggle referral={referral} />}
    </>
  );
}

function NotAvailable() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <PageMeta title="Referral not available" description={description} />
      <SearchX className="size-8 text-slate-400" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">This referral is not available</h1>
      <p className="max-w-prose text-slate-700">It may have been withdrawn by the agency, or it was not offered to you.</p>
      <ButtonLink to="/dashboard/therapist/referrals" variant="secondary">
        See referrals near me
      </ButtonLink>
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <PageMeta title="Referral" description={description} />
      <h1 className="text-2xl font-bold text-slate-900">Referral</h1>
      <ErrorState
        message={message || 'The referral could not be loaded.'}
        action={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    </>
  );
}
