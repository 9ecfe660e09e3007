import { Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { isMfaRequired } from '../api/mfa';
import { usePatient } from '../api/referrals';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { TwoStepNeeded as TwoStepNotice } from '../ui/two-step-needed';
import { HomeLocationStatus } from './home-location-status';
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
        <HomeLocationStatus view={patient.data.homeLocation} />
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

/** Patient details need a session verified with a second factor. */
function TwoStepNeeded() {
  return (
    <TwoStepNotice title="Patient details need two-step verification." verifyTo="to see them" setUpThen="then come back to this referral">
      To protect patient information, CareRelay shows and accepts it only after you verify it’s you with a second factor: an authenticator
      app or a code sent to your phone.
    </TwoStepNotice>
  );
}
