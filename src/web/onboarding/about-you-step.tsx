import { useProfileDetails } from '../api/therapist-profile';
import { Button } from '../ui/button';
import { Loading } from '../ui/states';
import { LoadError } from '../dashboard/dashboard-ui';
import { ProfileDetailsForm } from '../therapist-profile/profile-details-form';

/**
 * Step 3 for therapists, after their license and rates are saved: what agencies read on their
 * profile, and the date of birth for the exclusion check. Saved on its own (its own endpoint), so
 * leaving here keeps steps 1 and 2.
 */
export function AboutYouStep({ onBack, onDone }: { onBack: () => void; onDone: () => void | Promise<void> }) {
  const details = useProfileDetails();
  if (details.isPending) return <Loading label="Loading your profile…" />;
  if (details.isError) {
    return (
      <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
    );
  }
  return (
    <ProfileDetailsForm
      state={details.data}
      submitLabel="Save and finish"
      onSaved={onDone}
      actions={
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      }
    />
  );
}
