import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cancelReferralSchema, type AgencyReferral } from '../../../domain/referrals';
import { applyServerErrors } from '../../api/forms';
import { useCancelReferral } from '../../api/referrals';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormAlert, TextAreaField } from '../../ui/field';

type CancelInput = z.input<typeof cancelReferralSchema>;

/** Asks why before cancelling (therapists who responded are told the referral is off). */
export function CancelReferralDialog({
  referral,
  open,
  onClose,
  onCancelled,
}: {
  referral: AgencyReferral;
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Cancel this referral?"
      description={
        referral.status === 'posted'
          ? 'Therapists can no longer respond to it, and those who already did are told it is cancelled.'
          : 'The draft moves to your closed referrals and cannot be posted.'
      }
    >
      {/* Mounted only while open, so each opening starts with an empty reason. */}
      {open && <CancelForm referralId={referral.id} onKeep={onClose} onCancelled={onCancelled} />}
    </Dialog>
  );
}

function CancelForm({ referralId, onKeep, onCancelled }: { referralId: string; onKeep: () => void; onCancelled: () => void }) {
  const cancel = useCancelReferral(referralId);
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<CancelInput>({ resolver: zodResolver(cancelReferralSchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      await cancel.mutateAsync({ reason });
      onCancelled();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['reason']));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextAreaField label="Reason for cancelling" rows={4} maxLength={500} error={formState.errors.reason?.message} {...register('reason')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onKeep} disabled={formState.isSubmitting}>
          Keep referral
        </Button>
        <Button type="submit" className="bg-red-700 hover:bg-red-800 disabled:bg-red-700/60" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Cancelling…' : 'Cancel referral'}
        </Button>
      </div>
    </form>
  );
}
