import { BadgeCheck, ShieldQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { disciplineNames } from '../../../domain/accounts';
import type { AgencyReferral } from '../../../domain/referrals';
import { formatDay } from './format';
import { TherapistProfileLink } from '../../therapist-profile/therapist-profile-link';

export type Responder = NonNullable<AgencyReferral['matchedTherapist']>;

export const therapistName = (therapist: Responder) => `${therapist.firstName} ${therapist.lastName}`;

const milesFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** What an agency may know of a therapist before a match: professional facts, no contact details. */
export function TherapistFacts({ therapist }: { therapist: Responder }) {
  const licenceExpired = therapist.licenseExpiry !== null && therapist.licenseExpiry.slice(0, 10) < new Date().toISOString().slice(0, 10);
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <Fact term="Disciplines">
          {therapist.disciplines.map((code) => (
            <abbr key={code} title={disciplineNames[code]} className="mr-2 no-underline">
              {code}
            </abbr>
          ))}
        </Fact>
        <Fact term="Verified">
          {/* Only what is verified and in date, in words (never a bare "Verified"); the server words it. */}
          {therapist.badge ? (
            <span className="inline-flex items-start gap-1 font-semibold text-green-800">
              <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
              {therapist.badge}
            </span>
          ) : (
            <span className="inline-flex items-start gap-1 text-amber-900">
              <ShieldQuestion className="mt-0.5 size-4 shrink-0" aria-hidden />
              {therapist.verificationStatus === 'approved' ? 'No credentials verified yet' : `Not yet approved (${therapist.verificationStatus})`}
            </span>
          )}
        </Fact>
        <Fact term="License">
          {therapist.licenseState ? (
            <>
              {therapist.licenseState}
              {therapist.licenseExpiry && (
                <span className={licenceExpired ? 'font-semibold text-red-800' : undefined}>
                  , {licenceExpired ? 'expired' : 'expires'} {formatDay(therapist.licenseExpiry)}
                </span>
              )}
            </>
          ) : (
            'Not given'
          )}
        </Fact>
        <Fact term="Experience">
          {therapist.yearsExperience === null ? 'Not given' : `${therapist.yearsExperience} ${therapist.yearsExperience === 1 ? 'year' : 'years'}`}
        </Fact>
        <Fact term="Distance from the patient">
          {therapist.distanceMiles === null ? 'Unknown' : `${milesFormat.format(therapist.distanceMiles)} miles`}
        </Fact>
      </dl>
      <TherapistProfileLink therapist={therapist} />
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-2">
      <dt className="text-slate-600">{term}:</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}
