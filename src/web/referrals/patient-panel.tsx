import { Lock, ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../api/auth';
import { ApiError } from '../api/client';
import { isMfaRequired } from '../api/mfa';
import { usePatient } from '../api/referrals';
import { verifyPath } from '../mfa/safe-next';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { PatientDetails } from './patient-details';
import { PatientForm } from './patient-form';

/**
 * The patient's details (PHI) on a matched referral: the agency adds and edits them (`canEdit`),
 * the matched therapist reads them. The server shows them only in a session verified with a second
 * factor, and records every read and write. Nothing here goes into the title, the URL or the console.
 */
export function PatientPanel({ referralId, canEdit }: { referralId: string; canEdit: boolean }) {
  const patient = usePatient(referralId);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const done = () => {
    setEditing(false);
    setSaved(true);
  };

  let content: ReactNode;
  if (patient.isPending) content = <Loading label="Loading the patient’s details…" />;
  else if (patient.isError) {
    const error = patient.error;
    if (isMfaRequired(error)) content = <TwoStepNeeded />;
    else if (error instanceof ApiError && error.code === 'NOT_FOUND')
      content = canEdit ? (
        <div className="space-y-4">
          <h3 className="text-lg font-semibold text-slate-900">Add patient details</h3>
          <p className="text-sm text-slate-700">The matched therapist needs them to schedule the first visit.</p>
          <PatientForm referralId={referralId} onSaved={done} />
        </div>
      ) : (
        <p className="text-slate-700">The agency has not added the patient’s details yet. You will be notified when they do.</p>
      );
    else
      content = (
        <ErrorState
          message={error.message}
          action={
            <Button variant="secondary" onClick={() => void patient.refetch()}>
              Try again
            </Button>
          }
        />
      );
  } else if (editing && canEdit)
    content = <PatientForm referralId={referralId} saved={patient.data.patient} onSaved={done} onCancel={() => setEditing(false)} />;
  else
    content = (
      <div className="space-y-4">
        <PatientDetails patient={patient.data.patient} />
        {canEdit && (
          <Button
            variant="secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit patient details
          </Button>
        )}
      </div>
    );

  return (
    <section aria-labelledby="patient-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <Lock className="mt-1 size-5 shrink-0 text-slate-500" aria-hidden />
        <div>
          <h2 id="patient-title" className="text-xl font-semibold text-slate-900">
            Patient details
          </h2>
          <p className="text-sm text-slate-600">Only your agency and the matched therapist can see these. Every view is recorded.</p>
        </div>
      </div>
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {saved ? 'Patient details saved.' : ''}
      </p>
      {content}
    </section>
  );
}

/**
 * Patient details need a session verified with a second factor. A user with a factor verifies this
 * session; one without sets a factor up first.
 */
function TwoStepNeeded() {
  const me = useMe();
  const { pathname } = useLocation();
  const hasFactor = me.data?.nextLevel === 'aal2';
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold">Patient details need two-step verification.</p>
        <p>
          To protect patient information, CareRelay shows and accepts it only after you verify it’s you with a second factor: an
          authenticator app or a code sent to your phone.
        </p>
        {me.isPending ? null : hasFactor ? (
          <p>
            <Link to={verifyPath(pathname)} className="font-semibold text-brand-800 underline hover:no-underline">
              Verify it’s you
            </Link>{' '}
            to see them.
          </p>
        ) : (
          <p>
            <Link to="/dashboard/security" className="font-semibold text-brand-800 underline hover:no-underline">
              Set up two-step verification
            </Link>
            , then come back to this referral.
          </p>
        )}
      </div>
    </div>
  );
}
