import { mayChangeVisit } from '../../domain/visit-lifecycle';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { BackLink } from '../ui/back-link';
import { HomeLocationStatus } from '../referrals/home-location-status';
import { readingPlaceText, visitExceptionLabels, type VisitDetail } from '../../domain/visits';
import { ApiError } from '../api/client';
import { isMfaRequired } from '../api/mfa';
import { useVisit } from '../api/visits';
import { SupervisedNotes } from '../documentation/supervised-notes';
import { VisitDocumentation } from '../documentation/visit-documentation';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { formatDateTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { roleOfPath, statusClass, statusLabels } from './format';
import { EvvPanel } from './evv-panel';
import { VisitAttestation } from './attestation-view';
import { ReasonActions } from './reason-actions';
import { TwoStepNeeded } from './two-step-needed';
import { VisitPatient } from './visit-patient';
import { VisitTime } from './visit-time';

/** /dashboard/{therapist,agency}/visits/:id: the visit, its verification, changes with reasons, and its documentation. */
export function VisitPage() {
  const { id = '' } = useParams();
  const role = roleOfPath(useLocation().pathname);
  const visit = useVisit(id);

  let content: ReactNode;
  if (visit.isPending) content = <Loading label="Loading the visit…" />;
  else if (visit.isError) {
    if (isMfaRequired(visit.error)) content = <TwoStepNeeded />;
    // The supervising PT or OT of an assistant's visit is not its therapist: they see its notes to co-sign.
    else if (visit.error instanceof ApiError && visit.error.status === 404)
      content = role === 'therapist' ? <SupervisedNotes visitId={id} /> : <ErrorState message="This visit was not found, or it is not yours to see." />;
    else
      content = (
        <ErrorState
          message={visit.error.message}
          action={
            <Button variant="secondary" onClick={() => void visit.refetch()}>
              Try again
            </Button>
          }
        />
      );
  } else content = <VisitDetails visit={visit.data} role={role} />;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <PageMeta title="Visit" description="A visit: time, verification, changes and documentation." />
      <p>
        <BackLink to={`/dashboard/${role}/schedule`}>Back to schedule</BackLink>
      </p>
      {content}
    </div>
  );
}

function Reading({ label, reading }: { label: string; reading: VisitDetail['checkIn'] }) {
  const zone = useTimeZone();
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">
        {reading ? (
          <>
            <time dateTime={reading.at}>{formatDateTime(reading.at, zone)}</time>
            <span className="block text-xs text-slate-600">{readingPlaceText(reading)}</span>
          </>
        ) : (
          'Not yet'
        )}
      </dd>
    </div>
  );
}

function VisitDetails({ visit, role }: { visit: VisitDetail; role: 'agency' | 'therapist' }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {visit.serviceName} · <VisitTime iso={visit.scheduledStart} patientTimeZone={visit.patientTimeZone} />
        </h1>
        <span className={cn('rounded-full px-2.5 py-0.5 text-sm font-semibold', statusClass(visit.status))}>{statusLabels[visit.status]}</span>
      </div>
      {/* The label names the patient only for the visit's parties at aal2 (the server decides); never in the title. */}
      <p className="-mt-4 text-sm font-semibold break-words text-slate-700">{visit.referenceLabel}</p>
      <VisitPatient visit={visit} role={role} />
      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Therapist</dt>
          <dd className="text-slate-900">{visit.therapistName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Agency</dt>
          <dd className="text-slate-900">{visit.agencyName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Where</dt>
          <dd className="text-slate-900">{visit.place}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Duration · rate</dt>
          <dd className="text-slate-900">
            {visit.durationMinutes} minutes · ${visit.rate.toFixed(2)}
          </dd>
        </div>
        <Reading label="Checked in" reading={visit.checkIn} />
        <Reading label="Checked out" reading={visit.checkOut} />
        {visit.homeLocation && (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Location check</dt>
            <dd>
              <HomeLocationStatus view={visit.homeLocation} />
            </dd>
          </div>
        )}
        {visit.attestation && <VisitAttestation attestation={visit.attestation} />}
        {visit.statusReason && (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Reason for the last change</dt>
            <dd className="whitespace-pre-line text-slate-900">{visit.statusReason}</dd>
          </div>
        )}
      </dl>
      {visit.exceptions.length > 0 && (
        <section aria-labelledby="exceptions-title" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <h2 id="exceptions-title" className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="size-5" aria-hidden /> Verification exceptions
          </h2>
          <ul className="list-disc pl-5">
            {visit.exceptions.map((code) => (
              <li key={code}>{visitExceptionLabels[code]}</li>
            ))}
          </ul>
          {visit.exceptionReason && <p className="whitespace-pre-line">{visit.exceptionReason}</p>}
        </section>
      )}
      {mayChangeVisit(role, visit.status, 'check_in') && <EvvPanel visitId={visit.id} end="check-in" />}
      {mayChangeVisit(role, visit.status, 'check_out') && <EvvPanel visitId={visit.id} end="check-out" />}
      {mayChangeVisit(role, visit.status, 'cancel') && <ReasonActions visit={visit} role={role} />}
      <VisitDocumentation visitId={visit.id} role={role} visitStatus={visit.status} />
    </div>
  );
}
