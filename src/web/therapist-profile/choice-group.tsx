import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A list of checkboxes sharing one form field (react-hook-form collects the ticked values in an
 * array), each a whole 44 px row or chip to tap, with the field's hint and error wired to the group.
 */
export function ChoiceGroup({
  legend,
  hint,
  error,
  options,
  registration,
}: {
  legend: string;
  hint?: string;
  error?: string;
  options: readonly string[];
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40"
          >
            <input type="checkbox" value={option} className="size-4 shrink-0 rounded border-slate-400 accent-brand-700" {...registration} />
            {option}
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
