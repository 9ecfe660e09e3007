import { isReferralCancellable, isReferralEditable } from '../../../domain/referral-lifecycle';
import { CheckCircle2, Pencil, Send, Users, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../ui/back-link';
import type { AgencyReferral } from '../../../domain/referrals';
import { ApiError } from '../../api/client';
import { useAgencyReferral, usePostReferral, useUpdateReferral } from '../../api/referrals';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/field';
import { PageMeta } from '../../ui/page-meta';
import { ErrorState, Loading } from '../../ui/states';
import { ReferralVisits } from '../../visits/referral-visits';
import { CareClocksPanel } from '../../visits/care-clocks-panel';
import { OrdersPanel } from '../../visits/orders-panel';
import { RatingPanel } from '../../ratings/rating-panel';
import { ReferralExportPanel } from '../../records/referral-export-panel';
import { PatientPanel } from '../patient-panel';
import { CancelReferralDialog } from './cancel-referral-dialog';
import { ConfirmResponseDialog, type AgencyResponse } from './confirm-response-dialog';
import { CounterDialog } from './counter-dialog';
import { countLabel, placeLabel } from './format';
import { MatchedTherapist } from './matched-therapist';
import { ReferralDetails } from './referral-details';
import { ReferralForm, referralFormValues } from './referral-form';
import { useReferralNotice } from './referral-notice';
import { ReferralStatusBadge } from './referral-status-badge';
import { ResponseList } from './response-list';
import { useLiveReferral } from './use-live-referral';

const editActions = [{ label: 'Save changes', busyLabel: 'Saving…', post: false }] as const;

/** /dashboard/agency/referrals/:id: one referral, its responses, the match and the patient's details. */
export function AgencyReferralPage() {
  const { id = '' } = useParams();
  const referral = useAgencyReferral(id);
  useLiveReferral(id);

  let content;
  if (referral.isPending) content = <Loading label="Loading the referral…" />;
  else if (referral.isError)
    content =
      referral.error instanceof ApiError && referral.error.status === 404 ? (
        <ErrorState message="This referral does not exist, or it belongs to another agency." />
      ) : (
        <ErrorState
          message={referral.error.message}
          action={
            <Button variant="secondary" onClick={() => void referral.refetch()}>
              Try again
            </Button>
          }
        />
      );
  else content = <ReferralView referral={referral.data} onReload={() => void referral.refetch()} />;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 sm:py-12">
      {/* The title names the discipline only: nothing about the patient goes into titles or history. */}
      <PageMeta title={referral.data ? `${referral.data.discipline} referral` : 'Referral'} description="A referral, its therapist responses and its match." />
      <p>
        <BackLink to="/dashboard/agency/referrals">Back to referrals</BackLink>
      </p>
      {content}
    </div>
  );
}

function ReferralView({ referral, onReload }: { referral: AgencyReferral; onReload: () => void }) {
  const [notice, setNotice] = useReferralNotice();
  const [problem, setProblem] = useState<string>();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [confirming, setConfirming] = useState<AgencyResponse>();
  const [countering, setCountering] = useState<AgencyResponse>();
  const update = useUpdateReferral(referral.id);
  const post = usePostReferral(referral.id);

  const unmatched = referral.matchedAt === null;
  const canEdit = unmatched && isReferralEditable(referral.status);
  const canCancel = isReferralCancellable(referral.status);
  const tell = (message: string) => {
    setProblem(undefined);
    setNotice(message);
  };

  const postDraft = async () => {
    setProblem(undefined);
    setNotice(undefined);
    try {
      const posted = await post.mutateAsync();
      tell(`Referral posted. ${countLabel(posted.notifiedCount, 'therapist')} notified.`);
    } catch (error) {
      setProblem(postFailure(error));
    }
  };

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <p className="text-sm font-semibold break-words text-slate-600">{referral.referenceLabel}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {referral.discipline} referral · {placeLabel(referral.place)}
          </h1>
          <ReferralStatusBadge status={referral.status} />
        </div>
        <p className="flex items-center gap-2 text-slate-700" data-testid="notified-count">
          <Users className="size-5 shrink-0 text-slate-500" aria-hidden />
          {referral.postedAt ? `${countLabel(referral.notifiedCount, 'therapist')} notified` : 'Not posted yet: no therapist has seen it.'}
        </p>
        {!editing && (canEdit || canCancel) && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {referral.status === 'draft' && (
              <Button onClick={() => void postDraft()} disabled={post.isPending}>
                <Send className="size-4" aria-hidden />
                {post.isPending ? 'Posting…' : 'Post referral'}
              </Button>
            )}
            {canEdit && (
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(undefined);
                  setEditing(true);
                }}
              >
                <Pencil className="size-4" aria-hidden />
                Edit referral
              </Button>
            )}
            {canCancel && (
              <Button variant="secondary" className="text-red-800 ring-red-200 hover:bg-red-50" onClick={() => setCancelling(true)}>
                <XCircle className="size-4" aria-hidden />
                Cancel referral
              </Button>
            )}
          </div>
        )}
      </header>

      <p role="status" className="empty:hidden">
        {notice && (
          <span className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {notice}
          </span>
        )}
      </p>
      {problem && <FormAlert>{problem}</FormAlert>}
      {referral.status === 'cancelled' && referral.cancelReason && (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800">
          Cancelled: <span className="break-words">{referral.cancelReason}</span>
        </p>
      )}

      {/* After the match, who takes it and the patient's details come first: that is what is left to do. */}
      {referral.matchedTherapist && <MatchedTherapist referral={referral} therapist={referral.matchedTherapist} />}
      {/* From posting: the evaluation's clock starts when the referral goes out, before anyone takes it. */}
      {['posted', 'matched', 'in_progress'].includes(referral.status) && <CareClocksPanel referralId={referral.id} role="agency" />}
      {['matched', 'in_progress'].includes(referral.status) && <OrdersPanel referralId={referral.id} role="agency" />}
      {!unmatched && <PatientPanel referralId={referral.id} canEdit />}
      {!unmatched && <RatingPanel referralId={referral.id} />}
      {!unmatched && <ReferralVisits referralId={referral.id} role="agency" />}
      {!unmatched && <ReferralExportPanel referralId={referral.id} />}

      {editing ? (
        <section aria-labelledby="edit-title" className="space-y-4">
          <h2 id="edit-title" className="text-xl font-semibold text-slate-900">
            Edit referral
          </h2>
          {referral.status === 'posted' && (
            <p className="text-sm text-slate-700">Therapists who were already notified see your changes.</p>
          )}
          <ReferralForm
            label="Edit referral"
            initial={referralFormValues(referral)}
            savedPlace={referral.place}
            actions={editActions}
            onSave={async (values) => {
              await update.mutateAsync(values);
              setEditing(false);
              tell('Changes saved.');
            }}
            onCancel={() => setEditing(false)}
          />
        </section>
      ) : (
        <ReferralDetails referral={referral} />
      )}

      {referral.status !== 'draft' && <ResponseList referral={referral} onConfirm={setConfirming} onCounter={setCountering} />}

      <CancelReferralDialog
        referral={referral}
        open={cancelling}
        onClose={() => setCancelling(false)}
        onCancelled={() => {
          setCancelling(false);
          tell('Referral cancelled.');
        }}
      />
      <ConfirmResponseDialog
        referral={referral}
        response={confirming}
        onClose={() => setConfirming(undefined)}
        onConfirmed={(name) => {
          setConfirming(undefined);
          tell(`${name} is matched. Add the patient’s details below; only ${name} and your agency can see them.`);
        }}
        onConflict={(message) => {
          setConfirming(undefined);
          setNotice(undefined);
          setProblem(message);
          onReload();
        }}
      />
      <CounterDialog
        referral={referral}
        response={countering}
        onClose={() => setCountering(undefined)}
        onCountered={(name) => {
          setCountering(undefined);
          tell(`Counter offer sent to ${name}.`);
        }}
      />
    </div>
  );
}

/** Posting re-checks every field: a draft saved long ago may have a start-by date now past. */
function postFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const problems = Object.values(error.fields);
  return problems.length > 0 ? `${error.message} ${problems.join(' ')} Edit the referral to fix this, then post it.` : error.message;
}
