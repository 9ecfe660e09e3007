import { BadgeCheck, ShieldQuestion } from 'lucide-react';
import { useParams } from 'react-router';
import { disciplineNames } from '../../domain/accounts';
import type { TherapistProfile } from '../../domain/therapist-profile';
import { ApiError } from '../api/client';
import { useTherapistProfile } from '../api/therapist-profile';
import { formatDay as formatDate } from '../referrals/agency/format';
import { BackLink } from '../ui/back-link';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { formatDay } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { Card, Fact, Facts } from './profile-card';
import { ReliabilitySection } from './reliability-section';

/**
 * /dashboard/agency/therapists/:id: what an agency judges a therapist by, reached from a response,
 * a matched referral or the Therapists list. The server shows it only for a therapist who answered
 * or worked with this agency.
 */
export function TherapistProfilePage() {
  const { id = '' } = useParams();
  const profile = useTherapistProfile(id);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <PageMeta title="Therapist profile" description="A therapist's verified credentials, experience and record on CareRelay." />
      <BackLink to="/dashboard/agency/therapists">Back to Therapists</BackLink>
      {profile.isPending && <Loading label="Loading the profile…" />}
      {profile.isError && (
        <ErrorState
          message={profile.error.message || 'The profile could not be loaded.'}
          action={
            profile.error instanceof ApiError && profile.error.status === 404 ? undefined : (
              <Button variant="secondary" onClick={() => void profile.refetch()}>
                Try again
              </Button>
            )
          }
        />
      )}
      {profile.data && <ProfileView profile={profile.data} />}
    </div>
  );
}

function ProfileView({ profile }: { profile: TherapistProfile }) {
  const zone = useTimeZone();
  const listOrNotGiven = (items: string[]) => (items.length === 0 ? 'Not given' : items.join(', '));
  return (
    <>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">
          {profile.firstName} {profile.lastName}
        </h1>
        <p className="text-slate-700">{profile.disciplines.map((code) => `${disciplineNames[code]} (${code})`).join(', ')}</p>
        {profile.badge ? (
          <p className="inline-flex items-start gap-1.5 font-semibold text-green-800">
            <BadgeCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span>{profile.badge}</span>
          </p>
        ) : (
          <p className="inline-flex items-start gap-1.5 text-amber-900">
            <ShieldQuestion className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span>No credentials verified yet</span>
          </p>
        )}
      </header>

      <Card title="Verified credentials" id="credentials-title">
        {profile.credentials.length === 0 ? (
          <p className="text-slate-700">None verified and in date.</p>
        ) : (
          <ul aria-labelledby="credentials-title" className="divide-y divide-slate-200">
            {profile.credentials.map((credential) => (
              <li key={`${credential.kind}-${credential.issuer}-${credential.number ?? ''}`} className="py-3 first:pt-0 last:pb-0">
                <p className="font-semibold text-slate-900">
                  {credential.name}
                  {credential.kind === 'state_license' && ` · ${credential.issuer}${credential.compactPrivilege ? ' (compact privilege)' : ''}`}
                </p>
                <p className="text-sm text-slate-700">
                  {[
                    credential.kind === 'state_license' ? null : credential.issuer,
                    credential.number ? `No. ${credential.number}` : null,
                    credential.verifiedAt ? `Verified ${formatDay(credential.verifiedAt, zone)}` : 'Verified',
                    credential.expiresOn ? `Expires ${formatDate(credential.expiresOn)}` : 'Does not expire',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="About" id="about-title">
        <Facts>
          <Fact term="Experience">
            {profile.yearsExperience === null ? 'Not given' : `${profile.yearsExperience} ${profile.yearsExperience === 1 ? 'year' : 'years'}`}
          </Fact>
          <Fact term="Care settings">{listOrNotGiven(profile.careSettings)}</Fact>
          <Fact term="Specialties">{listOrNotGiven(profile.specialties)}</Fact>
          <Fact term="Languages">{listOrNotGiven(profile.languages)}</Fact>
        </Facts>
        {profile.bio && <p className="mt-4 break-words whitespace-pre-wrap text-slate-800">{profile.bio}</p>}
      </Card>

      <Card title="On CareRelay" id="record-title">
        <Facts>
          <Fact term="Visits completed">{profile.platform.visitsCompleted}</Fact>
          <Fact term="Notes signed on time">
            {profile.platform.onTimeDocumentationRate === null ? 'No notes due yet' : `${profile.platform.onTimeDocumentationRate}%`}
          </Fact>
          <Fact term="Visits cancelled by the therapist">
            {profile.platform.cancellationRate === null ? 'No visits due yet' : `${profile.platform.cancellationRate}%`}
          </Fact>
          <Fact term="Rating">
            {profile.rating.count === 0 || profile.rating.average === null
              ? 'No ratings yet'
              : `${profile.rating.average.toFixed(1)} of 5 from ${profile.rating.count} ${profile.rating.count === 1 ? 'rating' : 'ratings'}`}
          </Fact>
        </Facts>
      </Card>

      <ReliabilitySection reliability={profile.reliability} />

      {profile.withYou && (
        <Card title="With your agency" id="history-title">
          <Facts>
            <Fact term="Referrals together">{profile.withYou.referralsTogether}</Fact>
            <Fact term="Visits completed">{profile.withYou.visitsCompleted}</Fact>
            <Fact term="Last visit">{profile.withYou.lastVisitAt ? formatDay(profile.withYou.lastVisitAt, zone) : 'None yet'}</Fact>
          </Facts>
        </Card>
      )}
    </>
  );
}
