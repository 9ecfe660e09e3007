import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { inviteManagerSchema, type InvitedManager, type InviteManager, type InviteManagerInput } from '../../domain/admin';
import { useInviteManager } from '../api/admin';
import { applyServerErrors } from '../api/forms';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert, TextField } from '../ui/field';

const fieldNames = ['email', 'firstName', 'lastName', 'phone'] as const;

/** 'Invite manager': the new manager is mailed a link to set their password. */
export function InviteManagerDialog({ onInvited }: { onInvited: (manager: InvitedManager) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <UserPlus className="size-4" aria-hidden />
        Invite manager
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Invite a manager"
        description="Managers review sign-ups. They are emailed a link to set their password."
      >
        {open && (
          <InviteForm
            onCancel={() => setOpen(false)}
            onInvited={(manager) => {
              setOpen(false);
              onInvited(manager);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function InviteForm({ onCancel, onInvited }: { onCancel: () => void; onInvited: (manager: InvitedManager) => void }) {
  const invite = useInviteManager();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<InviteManagerInput, unknown, InviteManager>({
    resolver: zodResolver(inviteManagerSchema),
    defaultValues: { email: '', firstName: '', lastName: '', phone: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      onInvited(await invite.mutateAsync(values));
    } catch (error) {
      setFailure(applyServerErrors(error, setError, fieldNames));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
