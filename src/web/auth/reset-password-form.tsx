import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resetMessages, resetPasswordSchema, type ResetPasswordInput } from '../../domain/auth';
import { resetPassword } from '../api/auth';
import { ApiError } from '../api/client';
import { Button } from '../ui/button';
import { FormAlert, TextField } from '../ui/field';

/** New password and its confirmation; the server still has the last word (length, common passwords, token). */
export function ResetPasswordForm({ token, onInvalidToken, onDone }: { token: string; onInvalidToken: () => void; onDone: () => void }) {
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(undefined);
    try {
      await resetPassword({ token, newPassword });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(resetMessages.failed);
      if (error.code === 'INVALID_TOKEN') return onInvalidToken();
      const fieldMessage = error.fields.newPassword;
      if (fieldMessage) return setError('newPassword', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      // An unreachable server or an internal error has no message meant for a person.
      setFailure(error.status === 0 || error.status >= 500 ? resetMessages.failed : error.message || resetMessages.failed);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Set your password" className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set password'}
      </Button>
    </form>
  );
}
