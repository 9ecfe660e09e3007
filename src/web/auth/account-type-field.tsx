import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../ui/cn';

const options = [
  { value: 'agency', label: 'Healthcare Agency', hint: 'Post referrals and staff visits' },
  { value: 'therapist', label: 'Therapist', hint: 'PT, PTA, OT, COTA or ST' },
] as const;

/** "I am a…": which kind of account to create. */
export function AccountTypeField({ registration }: { registration: UseFormRegisterReturn<'userType'> }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">I am a…</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 shadow-sm',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
            )}
          >
            <input type="radio" value={option.value} className="mt-1 size-4 accent-brand-700" {...registration} />
            <span>
              <span className="block font-semibold text-slate-900">{option.label}</span>
              <span className="block text-sm text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
