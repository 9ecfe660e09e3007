import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { rejectSignupSchema, type RejectSignupInput, type SignupItem } from '../../domain/admin';
import { useRejectSignup } from '../api/admin';
import { applyServerErrors } from '../api/forms';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert, TextAreaField } from '../ui/field';

/** Asks for the reason (mailed to the user) before rejecting an account. */
export function RejectDialog({
  item,
  onClose,
  onRejected,
}: {
  item: SignupItem | undefined;
  onClose: () => void;
  onRejected: (item: SignupItem) => void;
}) {
  return (
    <Dialog
      open={item !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={item ? `Reject ${item.name}?` : 'Reject account'}
      description="They will be emailed this reason and how to contact us."
    >
      {/* Keyed by account, so each opening starts with an empty reason. */}
      {item && <RejectForm key={item.id} item={item} onCancel={onClose} onRejected={onRejected} />}
    </Dialog>
  );
}

function RejectForm({ item, onCancel, onRejected }: { item: SignupItem; onCancel: () => void; onRejected: (item: SignupItem) => void }) {
  const reject = useRejectSignup();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<RejectSignupInput>({
    resolver: zodResolver(rejectSignupSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      onRejected(await reject.mutateAsync({ userId: item.id, reason }));
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['reason']));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextAreaField label="Reason" rows={4} maxLength={1000} error={formState.errors.reason?.message} {...register('reason')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="bg-red-700 hover:bg-red-800 disabled:bg-red-700/60" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Rejecting…' : 'Reject account'}
        </Button>
      </div>
    </form>
  );
}
