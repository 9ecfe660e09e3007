import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { noteDraftInputSchema, type NoteContent, type NoteDraftInput } from '../../domain/documentation';
import { applyServerErrors } from '../api/forms';
import { useSaveDraft } from '../api/documentation';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField, TextField } from '../ui/field';
import { formatTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { noteTextFields, noteTitles } from './note-fields';

type Name = FieldPath<NoteDraftInput>;
const path = (name: string) => `content.${name}` as Name;

/** Nested field errors by their path ("content.goals.0.goal"), as the server names them. */
function errorAt(errors: unknown, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** The therapist's note for the visit's service type; Save draft keeps it for later and for signing. */
export function NoteForm({
  visitId,
  initial,
  savedAt,
  onSaved,
  onDirtyChange,
}: {
  visitId: string;
  initial: NoteContent;
  /** When the draft shown was last saved (none for a new version not saved yet). */
  savedAt?: string;
  onSaved: () => void;
  /** Told whether the form holds changes not saved yet (signing signs the saved draft only). */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const save = useSaveDraft(visitId);
  const zone = useTimeZone();
  const [failure, setFailure] = useState<string>();
  const form = useForm<NoteDraftInput>({ resolver: zodResolver(noteDraftInputSchema), defaultValues: { content: initial } });
  const { register, formState, control, setValue } = form;
  const goals = useWatch({ control, name: 'content.goals' as Name }) as unknown[] | undefined;
  const serviceId = initial.serviceId;
  const errors = formState.errors;
  const { isDirty } = formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await save.mutateAsync(values.content);
      onSaved();
    } catch (error) {
      const known = [...noteTextFields[serviceId].map((field) => path(field.name)), path('goals'), 'content.serviceId'];
      setFailure(applyServerErrors(error, form.setError, known));
    }
  });

  const setGoals = (next: unknown[]) => setValue('content.goals' as Name, next as never, { shouldDirty: true });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={`${noteTitles[serviceId]} note`} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      {noteTextFields[serviceId].map((field) =>
        field.rows === 1 ? (
          <TextField key={field.name} label={field.label} autoComplete="off" error={errorAt(errors, path(field.name))} {...register(path(field.name))} />
        ) : (
          <TextAreaField
            key={field.name}
            label={field.label}
            rows={field.rows}
            maxLength={4000}
            autoComplete="off"
            error={errorAt(errors, path(field.name))}
            {...register(path(field.name))}
          />
        ),
      )}
      {serviceId === 'evaluation' && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Goals</legend>
          {(goals ?? []).map((_, index) => (
            <div key={index} className="flex items-end gap-2">
              <div className="flex-1">
                <TextField label={`Goal ${index + 1}`} autoComplete="off" error={errorAt(errors, `content.goals.${index}`)} {...register(path(`goals.${index}`))} />
              </div>
              <Button variant="ghost" aria-label={`Remove goal ${index + 1}`} onClick={() => setGoals((goals ?? []).filter((__, i) => i !== index))}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          ))}
          {errorAt(errors, 'content.goals') && <p className="text-sm text-red-700">{errorAt(errors, 'content.goals')}</p>}
          <Button variant="secondary" size="sm" onClick={() => setGoals([...(goals ?? []), ''])}>
            <Plus className="size-4" aria-hidden /> Add goal
          </Button>
        </fieldset>
      )}
      {serviceId === 'progress_report' && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Progress toward each goal</legend>
          {(goals ?? []).map((_, index) => (
            <div key={index} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <TextField label={`Goal ${index + 1}`} autoComplete="off" error={errorAt(errors, `content.goals.${index}.goal`)} {...register(path(`goals.${index}.goal`))} />
              <TextAreaField
                label={`Progress toward goal ${index + 1}`}
                rows={2}
                autoComplete="off"
                error={errorAt(errors, `content.goals.${index}.progress`)}
                {...register(path(`goals.${index}.progress`))}
              />
              <Button variant="ghost" size="sm" onClick={() => setGoals((goals ?? []).filter((__, i) => i !== index))}>
                <Trash2 className="size-4" aria-hidden /> Remove goal {index + 1}
              </Button>
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => setGoals([...(goals ?? []), { goal: '', progress: '' }])}>
            <Plus className="size-4" aria-hidden /> Add goal
          </Button>
        </fieldset>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {/* Next to the button, where a phone user looks after saving (the notice above may be off screen). */}
        <p className="text-sm text-slate-600">
          {isDirty ? 'Unsaved changes' : savedAt ? `Draft saved ${formatTime(savedAt, zone)}` : 'Not saved yet'}
        </p>
        <Button type="submit" variant="secondary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save draft'}
        </Button>
      </div>
    </form>
  );
}
