import { useState } from 'react';
import { useEligibilitySearch } from '../../api/referrals';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { ErrorState, Loading } from '../../ui/states';
import { useDebouncedCallback } from '../../admin/use-debounced-callback';
import { EligibilityCard } from './eligibility-card';

const SEARCH_DELAY_MS = 300;

/** A therapist search for one referral; each therapist found comes with why they were or were not eligible. */
export function EligibilitySearch({ referralId }: { referralId: string }) {
  const [q, setQ] = useState('');
  const search = useDebouncedCallback((value: string) => setQ(value.trim()), SEARCH_DELAY_MS);
  return (
    <div className="space-y-4">
      <TextField
        label="Find a therapist"
        type="search"
        autoComplete="off"
        hint="Search by name or email to see whether they were eligible for this referral, and why."
        onChange={(event) => search(event.target.value)}
      />
      {/* Asked only once something is typed: an empty search has nothing to explain. */}
      {q === '' ? null : <EligibilityResults referralId={referralId} q={q} />}
    </div>
  );
}

function EligibilityResults({ referralId, q }: { referralId: string; q: string }) {
  const results = useEligibilitySearch(referralId, q);
  if (results.isPending) return <Loading label="Searching…" />;
  if (results.isError) {
    return (
      <ErrorState
        message={results.error.message || 'The search failed.'}
        action={
          <Button variant="secondary" onClick={() => void results.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const { items } = results.data;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-slate-600">
        {items.length === 0 ? `No therapist matches “${q}”.` : `${items.length} ${items.length === 1 ? 'therapist' : 'therapists'} found`}
      </p>
      {items.length > 0 && (
        <ul className="space-y-3">
          {items.map((result) => (
            <li key={result.therapistId}>
              <EligibilityCard result={result} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
