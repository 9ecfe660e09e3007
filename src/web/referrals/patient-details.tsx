import type { ReactNode } from 'react';
import type { PatientResponse } from '../../domain/patients';
import { usStates, type UsStateCode } from '../../domain/us-states';
import { ageOn, formatBirthDate, formatPhone } from './patient-format';

/**
 * The patient's details, read-only (the matched therapist's view, and the agency's between edits).
 * Phone numbers are tel: links so a therapist can call from a phone; such a link opens the dialer
 * and sends no request, so the number reaches no server log or browser history.
 */
export function PatientDetails({ patient }: { patient: PatientResponse['patient'] }) {
  const age = ageOn(patient.dateOfBirth);
  const stateName = usStates[patient.state as UsStateCode] ?? patient.state;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Fact term="Name">
        {patient.firstName} {patient.lastName}
      </Fact>
      <Fact term="Date of birth">
        {formatBirthDate(patient.dateOfBirth)}
        {age !== null && <span className="text-slate-600"> (age {age})</span>}
      </Fact>
      <Fact term="Address">
        <span className="block">{patient.addressLine}</span>
        <span className="block">
          {patient.city}, <abbr title={stateName} className="no-underline">{patient.state}</abbr> {patient.zip}
        </span>
      </Fact>
      <Fact term="Phone">
        <a href={`tel:${patient.phone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline hover:no-underline">
          {formatPhone(patient.phone)}
        </a>
      </Fact>
      <Fact term="Emergency contact">
        {patient.emergencyContactName},{' '}
        <a href={`tel:${patient.emergencyContactPhone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline hover:no-underline">
          {formatPhone(patient.emergencyContactPhone)}
        </a>
      </Fact>
      <Fact term="Primary diagnosis">
        <span className="font-mono">{patient.diagnosisCode}</span> {patient.diagnosisDescription}
      </Fact>
      <Fact term="Referring physician">{patient.referringPhysician}</Fact>
      <Fact term="Payer">{patient.payer}</Fact>
      <Fact term="Care notes" wide>
        {patient.careNotes ? <span className="whitespace-pre-wrap">{patient.careNotes}</span> : <span className="text-slate-500">None</span>}
      </Fact>
    </dl>
  );
}

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}
