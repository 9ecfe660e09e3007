import { useState, type ReactNode } from 'react';
import { timeZoneSchema } from '../../domain/time-zones';
import { ApiError } from '../api/client';
import { useSaveTimeZone } from '../api/time-zone';
import { Button } from '../ui/button';
import { SelectField } from '../ui/field';
import { TimeZoneOptions } from '../ui/time-zone-options';

interface TimeZoneFormProps {
  /** The zone the select starts on: the saved one, or the browser's for someone never asked. */
  initial: string;
  label: string;
  hint?: string;
  submitLabel: string;
  onSaved?: (timeZone: string) => void;
  /** More buttons beside Save (the dashboard prompt's "Not now"). */
  children?: ReactNode;
}

/** One select and Save: the user's time zone, saved on their account (PUT /api/me/time-zone). */
export function TimeZoneForm({ initial, label, hint, submitLabel, onSaved, children }: TimeZoneFormProps) {
  const save = useSaveTimeZone();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);

  const submit = async () => {
    setError(undefined);
    setSaved(false);
    const parsed = timeZoneSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const zone = await save.mutateAsync(parsed.data);
      setSaved(true);
      onSaved?.(zone.timeZone);
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.fields.timeZone ?? caught.message) : 'Your time zone could not be saved. Try again.');
    }
  };

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectField
        label={label}
        hint={hint}
        error={error}
        value={value}
        className="min-h-11"
        onChange={(event) => {
          setValue(event.target.value);
          setSaved(false);
        }}
      >
        <TimeZoneOptions current={initial} />
      </SelectField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : submitLabel}
        </Button>
        {children}
        <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
          {saved ? 'Time zone saved.' : ''}
        </p>
      </div>
    </form>
  );
}
