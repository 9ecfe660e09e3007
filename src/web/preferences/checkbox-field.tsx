import { useId, type InputHTMLAttributes } from 'react';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  hint?: string;
  error?: string;
  /** 'switch' announces an on/off setting rather than a choice in a list. */
  role?: 'switch';
};

/** A checkbox (or switch) with its label to the right and its help text and error wired to it. */
export function CheckboxField({ label, hint, error, role, ...props }: CheckboxFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role={role}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700 disabled:opacity-60"
        {...props}
      />
      <div className="min-w-0 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
