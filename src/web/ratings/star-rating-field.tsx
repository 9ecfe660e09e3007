import { Star } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../ui/cn';

const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * 1 to 5 stars as a radio group: a fieldset named by its legend and one real radio per score, so
 * Tab reaches the group and the arrow keys move the choice, as every screen reader expects. Each
 * star is a 44 px label; the radios themselves are visually hidden. `value` (the watched score)
 * fills the stars up to the choice.
 */
export function StarRatingField({ legend, registration, value, error }: { legend: string; registration: UseFormRegisterReturn; value: number | undefined; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap items-center gap-1">
        {SCORES.map((score) => (
          <label
            key={score}
            className="flex size-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input type="radio" value={score} className="sr-only" aria-invalid={error ? true : undefined} {...registration} />
            <Star
              className={cn('size-8', value !== undefined && score <= value ? 'fill-amber-400 text-amber-600' : 'text-slate-400')}
              aria-hidden
            />
            <span className="sr-only">{score === 1 ? '1 star' : `${score} stars`}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-700" aria-hidden>
          {value ? `${value} of 5` : 'Not rated'}
        </span>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "★★★★☆ 4 of 5", read out as "4 of 5 stars". */
export function StarScore({ score }: { score: number }) {
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={`${score} of 5 stars`}>
      {SCORES.map((star) => (
        <Star key={star} className={cn('size-4', star <= score ? 'fill-amber-400 text-amber-600' : 'text-slate-300')} aria-hidden />
      ))}
      <span className="ml-1 text-sm font-medium text-slate-800" aria-hidden>
        {score} of 5
      </span>
    </span>
  );
}
