import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inquirerTypeLabels, inquirerTypes } from '../../domain/inquiries';
import { cn } from '../ui/cn';

/** "Who are you?" as a radio group: agency, therapist or other, with its error tied to the group. */
export function UserTypeField({ registration, error }: { registration: UseFormRegisterReturn<'userType'>; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">I am a…</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {inquirerTypes.map((type) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm text-slate-800 shadow-sm',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              error ? 'border-red-500' : 'border-slate-300',
            )}
          >
            <input type="radio" value={type} className="size-4 accent-brand-700" aria-invalid={error ? true : undefined} {...registration} />
            {inquirerTypeLabels[type]}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
