import { zodResolver } from '@hookform/resolvers/zod';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signNoteInputSchema, type SignNoteInput } from '../../domain/documentation';
import { ApiError } from '../api/client';
import { useSignNote } from '../api/documentation';
import { Button } from '../ui/button';
import { FormAlert, TextField } from '../ui/field';

/** Signing: the therapist types their full name; the signed note can never be edited afterwards. */
export function SignForm({ visitId, onSigned }: { visitId: string; onSigned: () => void }) {
  const sign = useSignNote(visitId);
  const [failure, setFailure] = useState<{ message: string; details: string[] }>();
  const form = useForm<SignNoteInput>({ resolver: zodResolver(signNoteInputSchema), defaultValues: { signedName: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ signedName }) => {
    setFailure(undefined);
    try {
      await sign.mutateAsync(signedName);
      onSigned();
    } catch (error) {
      if (error instanceof ApiError && error.fields.signedName) form.setError('signedName', { type: 'server', message: error.fields.signedName });
      else if (error instanceof ApiError) setFailure({ message: error.message, details: Object.values(error.fields) });
      else setFailure({ message: 'Something went wrong. Please try again.', details: [] });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Sign the note" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      {failure && (
        <FormAlert>
          {failure.message}
          {failure.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {failure.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      )}
      <p className="text-sm text-slate-700">Signing records your name, the time and a fingerprint of the note. A signed note cannot be edited.</p>
      <TextField label="Type your full name to sign" autoComplete="name" error={errors.signedName?.message} {...form.register('signedName')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          <PenLine className="size-4" aria-hidden /> {isSubmitting ? 'Signing…' : 'Sign note'}
        </Button>
      </div>
    </form>
  );
}
