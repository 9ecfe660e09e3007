import { ExternalLink, Lock, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatReference } from '../../domain/referral-reference';
import { urgencyLabels } from '../../domain/referrals';
import type { VisitDetail } from '../../domain/visits';
import { formatDay } from '../referrals/agency/format';
import { formatPhone } from '../referrals/patient-format';
import { buttonClass } from '../ui/button';
import { addressLine, directionsUrl, telHref } from './directions';

const withheld: Record<Exclude<VisitDetail['patient']['status'], 'shown'>, Record<'agency' | 'therapist', string>> = {
  not_added: {
    therapist: 'The agency has not added the patient’s details yet. You will be notified when they do.',
    agency: 'Add the patient’s details on the referral page so the therapist knows where to go.',
  },
  closed: {
    therapist: 'This referral is closed, so the patient’s details are no longer shown.',
    agency: 'This referral is closed.',
  },
  unavailable: {
    therapist: 'The patient’s details could not be shown right now. Try again, or call the agency.',
    agency: 'The patient’s details could not be shown right now. Try again, or open the referral.',
  },
};

/**
 * Who the patient is and where the visit happens, for the visit's two parties (the server sends
 * the patient only at aal2 and records the read): name, address with directions, a phone to call,
 * and what the referral asks for, with a link to it. Directions and calls leave the app: the maps
 * link sends no referrer, and a tel: link opens the dialer without a request.
 */
export function VisitPatient({ visit, role }: { visit: VisitDetail; role: 'agency' | 'therapist' }) {
  const { patient, referral } = visit;
  return (
    <section aria-labelledby="visit-patient-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex items-start gap-3">
        <Lock className="mt-1 size-5 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0">
          <h2 id="visit-patient-title" className="text-xl font-semibold text-slate-900">
            Patient
          </h2>
          <p className="text-sm text-slate-600">Only the agency and the matched therapist see this. Every view is recorded.</p>
        </div>
      </div>
      {patient.status === 'shown' ? (
        <div className="space-y-3">
          <p className="text-lg font-semibold break-words text-slate-900">
            {patient.firstName} {patient.lastName}
          </p>
          <address className="text-sm break-words text-slate-800 not-italic">
            <span className="block">{patient.addressLine}</span>
            <span className="block">
              {patient.city}, {patient.state} {patient.zip}
            </span>
          </address>
          <div className="flex flex-wrap gap-2">
            <a
              href={directionsUrl(patient)}
              target="_blank"
              rel="noreferrer"
              aria-label={`Directions to ${addressLine(patient)} (opens maps)`}
              className={buttonClass('secondary', 'md')}
            >
              <MapPin className="size-4" aria-hidden />
              Directions
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
            <a href={telHref(patient.phone)} aria-label={`Call ${formatPhone(patient.phone)}`} className={buttonClass('secondary', 'md')}>
              <Phone className="size-4" aria-hidden />
              {formatPhone(patient.phone)}
            </a>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{withheld[patient.status][role]}</p>
      )}
      <div className="space-y-3 border-t border-slate-200 pt-4">
        <h3 className="text-base font-semibold text-slate-900">Referral</h3>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact term="Discipline">{visit.discipline}</Fact>
          <Fact term="Visit frequency">
            {referral.visitFrequencyText} <span className="text-slate-500">({referral.visitFrequency})</span>
          </Fact>
          <Fact term="Services">
            <ul>
              {referral.services.map((service) => (
                <li key={service.serviceId}>
                  {service.name} × {service.visitCount}
                </li>
              ))}
            </ul>
          </Fact>
          <Fact term="Start by · urgency">
            {formatDay(referral.startBy)} · {urgencyLabels[referral.urgency]}
          </Fact>
          <Fact term="Clinical summary" wide>
            <span className="whitespace-pre-line">{referral.clinicalSummary}</span>
          </Fact>
        </dl>
        <Link
          to={`/dashboard/${role}/referrals/${referral.id}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline hover:no-underline"
        >
          Open referral {formatReference(visit.referenceNumber)}
        </Link>
      </div>
    </section>
  );
}

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
