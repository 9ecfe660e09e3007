import { Search, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatReference, parseReferenceSearch, referenceSearchMessage } from '../../domain/referral-reference-text';
import { Button } from './button';
import { cn } from './cn';

/**
 * A list's search by referral reference (R-1042 or 1042). The search lives in the URL
 * (?reference=1042), so Back, reload and a shared link keep it; the server answers it (the lists are
 * filtered there) and checks the text again. Returns the number searched for, or null.
 */
export function useReferenceSearch(): { reference: number | null; setReference: (reference: number | null) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get('reference');
  const reference = raw === null ? null : parseReferenceSearch(raw);
  const setReference = (next: number | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === null) updated.delete('reference');
      else updated.set('reference', String(next));
      return updated;
    });
  return { reference, setReference };
}

/**
 * The search box: checked with the rule the server applies (a clear message, no request for bad
 * input), then handed to `useReferenceSearch`. "Show all" ends the search.
 */
export function ReferenceSearch({ label = 'Find by reference', className }: { label?: string; className?: string }) {
  const { reference, setReference } = useReferenceSearch();
  const [text, setText] = useState(reference === null ? '' : formatReference(reference));
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = parseReferenceSearch(text);
    if (number === null) {
      setError(referenceSearchMessage);
      return;
    }
    setError(null);
    setText(formatReference(number));
    setReference(number);
  };
  const clear = () => {
    setText('');
    setError(null);
    setReference(null);
  };

  return (
    <form role="search" aria-label={label} onSubmit={submit} noValidate className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="R-1042"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(
            'min-h-11 w-40 min-w-0 flex-1 rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:max-w-56 sm:flex-none',
            error ? 'border-red-500' : 'border-slate-300',
          )}
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden />
          Find
        </Button>
        {reference !== null && (
          <Button variant="ghost" onClick={clear}>
            <X className="size-4" aria-hidden />
            Show all
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
