import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { disciplineNames, disciplines } from '../../domain/accounts';
import { cn } from '../ui/cn';

/** Exactly one discipline, as a radio group whose error is tied to the group. */
export function DisciplineField({ registration, error }: { registration: UseFormRegisterReturn<'discipline'>; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Discipline</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {disciplines.map((code) => (
          <label
            key={code}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm text-slate-800 shadow-sm',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              error ? 'border-red-500' : 'border-slate-300',
            )}
          >
            <input type="radio" value={code} className="size-4 accent-brand-700" aria-invalid={error ? true : undefined} {...registration} />
            <span>
              {disciplineNames[code]} <span className="text-slate-500">({code})</span>
            </span>
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
