import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from './cn';

export interface RadioOption {
  value: string;
  /** The radio's accessible name comes from this (and the description, when there is one). */
  label: ReactNode;
  description?: ReactNode;
}

const columnClasses = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/**
 * A react-hook-form field as a radio group: a fieldset named by its legend, one labelled radio per
 * option, and an error tied to the group with aria-describedby. Options with a description render
 * as larger cards (a bold label over the description).
 */
export function RadioGroupField<TName extends string>({
  legend,
  options,
  registration,
  error,
  columns = 2,
  defaultValue,
}: {
  legend: string;
  options: readonly RadioOption[];
  registration: UseFormRegisterReturn<TName>;
  error?: string;
  columns?: keyof typeof columnClasses;
  /** The form's default, checked in the HTML itself: a page rendered at build time shows it before react-hook-form runs. */
  defaultValue?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  // One look for the whole group, so a group never mixes card and compact options.
  const described = options.some((option) => option.description !== undefined);
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn('grid gap-2', columnClasses[columns])}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              described
                ? 'flex cursor-pointer items-start gap-3 rounded-lg border bg-white px-4 py-3 shadow-sm'
                : 'flex cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm text-slate-800 shadow-sm',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              error ? 'border-red-500' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              value={option.value}
              className={cn(described && 'mt-1', 'size-4 accent-brand-700')}
              aria-invalid={error ? true : undefined}
              defaultChecked={defaultValue === undefined ? undefined : option.value === defaultValue}
              {...registration}
            />
            {described ? (
              <span>
                <span className="block font-semibold text-slate-900">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.description}</span>
              </span>
            ) : (
              option.label
            )}
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
