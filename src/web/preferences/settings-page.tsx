import { useTherapistSettings } from '../api/preferences';
import { AboutYouSettings } from '../therapist-profile/about-you-settings';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { SettingsForm } from './settings-form';

/** /dashboard/therapist/settings: availability for new referrals, how referral alerts arrive, and the profile agencies read. */
export function SettingsPage() {
  const settings = useTherapistSettings();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Referral alerts" description="Choose whether you take new referrals and how CareRelay alerts you." />
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Referral alerts</h1>
        <p className="text-slate-700">Choose whether you take new referrals, and how and when we tell you about them.</p>
      </div>
      {settings.isPending ? (
        <Loading label="Loading your settings…" />
      ) : settings.isError ? (
        <ErrorState
          message={settings.error.message}
          action={
            <Button variant="secondary" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <SettingsForm state={settings.data} />
      )}
      <AboutYouSettings />
    </div>
  );
}
