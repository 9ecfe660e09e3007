import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { liftSuspensionSchema, SUSPENSION_LIFT_REASON_MAX, type LiftSuspension, type SuspendedTherapist } from '../../domain/primary-source-checks';
import { useLiftSuspension } from '../api/exclusions';
import { applyServerErrors } from '../api/forms';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert, TextAreaField } from '../ui/field';

/** Asks why (kept in the audit log and the therapist's checks) before lifting a suspension. */
export function LiftSuspensionDialog({ therapist, onClose, onLifted }: { therapist: SuspendedTherapist | undefined; onClose: () => void; onLifted: (therapist: SuspendedTherapist) => void }) {
  return (
    <Dialog
      open={therapist !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={therapist ? `Lift ${therapist.name}’s suspension?` : 'Lift suspension'}
      description="They can be offered referrals, confirmed and check in again. The exclusion list entries that matched them will not suspend them again unless the list changes them."
    >
      {/* Keyed by therapist, so each opening starts with an empty reason. */}
      {therapist && <LiftForm key={therapist.therapistId} therapist={therapist} onCancel={onClose} onLifted={onLifted} />}
    </Dialog>
  );
}

function LiftForm({ therapist, onCancel, onLifted }: { therapist: SuspendedTherapist; onCancel: () => void; onLifted: (therapist: SuspendedTherapist) => void }) {
  const lift = useLiftSuspension();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<LiftSuspension>({ resolver: zodResolver(liftSuspensionSchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      await lift.mutateAsync({ therapistId: therapist.therapistId, reason });
      onLifted(therapist);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['reason']));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextAreaField
        label="Reason"
        hint="For example: another person with the same name and date of birth (different middle name, license number checked)."
        rows={4}
        maxLength={SUSPENSION_LIFT_REASON_MAX}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Lifting…' : 'Lift suspension'}
        </Button>
      </div>
    </form>
  );
}
