import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { backupCodeSchema, verifyFactorSchema } from '../../domain/mfa';
import { ApiError } from '../api/client';
import { Button } from '../ui/button';
import { FormAlert, TextField } from '../ui/field';

// Authenticator apps show codes as "123 456"; people type them that way.
const oneTimeCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(verifyFactorSchema.shape.code),
});

export type CodeKind = 'totp' | 'sms' | 'backup';

const fieldFor: Record<CodeKind, { label: string; hint: string }> = {
  totp: { label: '6-digit code', hint: 'The code your authenticator app shows for CareRelay.' },
  sms: { label: '6-digit code', hint: 'The code in the text message we sent you.' },
  backup: { label: 'Backup code', hint: 'One of the codes you saved, like 12345-67890. Each works once.' },
};

/** The message for a refusal that is not about the code itself. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500) return 'Something went wrong. Please try again.';
  return error.message;
}

/**
 * One code field and its submit button. `onCode` throws the ApiError; a message about the code
 * (`fields.code`) goes on the field, anything else above the form.
 */
export function ChallengeForm({
  kind,
  onCode,
  submitLabel = 'Verify',
  label,
  autoFocus,
  children,
}: {
  kind: CodeKind;
  onCode: (code: string) => Promise<void>;
  submitLabel?: string;
  label?: string;
  autoFocus?: boolean;
  /** Extra actions beside the submit button (e.g. "Send a new code"). */
  children?: ReactNode;
}) {
  const [failure, setFailure] = useState<string>();
  const schema = kind === 'backup' ? backupCodeSchema : oneTimeCodeSchema;
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = formState;
  const field = fieldFor[kind];

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(undefined);
    try {
      await onCode(code);
    } catch (error) {
      const message = error instanceof ApiError ? error.fields.code : undefined;
      if (message) return setError('code', { type: 'server', message }, { shouldFocus: true });
      setFailure(failureMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label ?? (kind === 'backup' ? 'Enter a backup code' : 'Enter your code')} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label={field.label}
        hint={field.hint}
        error={errors.code?.message}
        inputMode={kind === 'backup' ? 'text' : 'numeric'}
        autoComplete={kind === 'backup' ? 'off' : 'one-time-code'}
        spellCheck={false}
        autoFocus={autoFocus}
        className="max-w-60 font-mono tracking-widest"
        {...register('code')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
