import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { accountStatuses, userTypes, type AccountStatus, type UserType } from '../../domain/accounts';
import { accountStatusLabels } from '../../domain/admin';
import type { SignupFilters as Filters } from '../api/admin';
import { SelectField } from '../ui/field';
import { useDebouncedCallback } from './use-debounced-callback';

const typeOptions: Record<UserType, string> = { agency: 'Agencies', therapist: 'Therapists', manager: 'Managers' };

const SEARCH_DELAY_MS = 300;

/** Status and type selects and a search box; the search is sent once typing pauses. */
export function SignupFilters({ filters, onChange }: { filters: Filters; onChange: (next: Partial<Filters>, options?: { replace?: boolean }) => void }) {
  const searchId = useId();
  const [text, setText] = useState(filters.q ?? '');
  // The URL can change the search without typing (Clear filters, Back): the box follows it.
  const [seenQuery, setSeenQuery] = useState(filters.q);
  if (filters.q !== seenQuery) {
    setSeenQuery(filters.q);
    if ((filters.q ?? '') !== text.trim()) setText(filters.q ?? '');
  }
  const search = useDebouncedCallback((value: string) => onChange({ q: value.trim() || undefined }, { replace: true }), SEARCH_DELAY_MS);

  return (
    <div role="search" aria-label="Filter signups" className="grid gap-4 sm:grid-cols-[10rem_10rem_1fr]">
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as AccountStatus | undefined })}
      >
        <option value="">All statuses</option>
        {accountStatuses.map((status) => (
          <option key={status} value={status}>
            {accountStatusLabels[status]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Type"
        value={filters.type ?? ''}
        onChange={(event) => onChange({ type: (event.target.value || undefined) as UserType | undefined })}
      >
        <option value="">All types</option>
        {userTypes.map((type) => (
          <option key={type} value={type}>
            {typeOptions[type]}
          </option>
        ))}
      </SelectField>
      <div className="space-y-1">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              search(event.target.value);
            }}
            placeholder="Name or email"
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
        </div>
      </div>
    </div>
  );
}
