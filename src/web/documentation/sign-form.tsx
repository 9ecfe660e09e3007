import { zodResolver } from '@hookform/resolvers/zod';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signNoteInputSchema, type SignNoteInput } from '../../domain/documentation';
import { ApiError } from '../api/client';
import { useSignNote } from '../api/documentation';
import { Button } from '../ui/button';
import { FormAlert, TextField } from '../ui/field';

const UNSAVED = 'Save the draft first: you sign the saved note, and your latest changes are not saved yet.';

/**
 * Signing: the therapist types their full name; the signed note can never be edited afterwards.
 * The server signs the saved draft, so with changes still in the form it asks for a save first
 * rather than sign something other than what is on the screen.
 */
export function SignForm({ visitId, unsaved, onSigned }: { visitId: string; unsaved: boolean; onSigned: () => void }) {
  const sign = useSignNote(visitId);
  const [failure, setFailure] = useState<{ message: string; details: string[] }>();
  const form = useForm<SignNoteInput>({ resolver: zodResolver(signNoteInputSchema), defaultValues: { signedName: '' } });
  const { errors, isSubmitting } = form.formState;
  // Once the changes are saved, the request to save them no longer applies (adjusted while
  // rendering, as React advises for state that follows a prop).
  const [wasUnsaved, setWasUnsaved] = useState(unsaved);
  if (wasUnsaved !== unsaved) {
    setWasUnsaved(unsaved);
    if (!unsaved && failure?.message === UNSAVED) setFailure(undefined);
  }

  const onSubmit = form.handleSubmit(async ({ signedName }) => {
    setFailure(undefined);
    if (unsaved) return setFailure({ message: UNSAVED, details: [] });
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
