import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useProfileDetails } from '../api/therapist-profile';
import { Loading } from '../ui/states';
import { LoadError } from '../dashboard/dashboard-ui';
import { ProfileDetailsForm } from './profile-details-form';

/** Settings' "Your profile" section: the onboarding "About you" details, kept current. */
export function AboutYouSettings() {
  const details = useProfileDetails();
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby="about-you-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="about-you-title" className="text-xl font-semibold text-slate-900">
        Your profile
      </h2>
      {details.isPending ? (
        <Loading label="Loading your profile…" />
      ) : details.isError ? (
        <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
      ) : (
        <>
          {saved && (
            <p role="status" className="flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden />
              Your profile is saved.
            </p>
          )}
          <ProfileDetailsForm state={details.data} submitLabel="Save profile" onSaved={() => setSaved(true)} />
        </>
      )}
    </section>
  );
}
