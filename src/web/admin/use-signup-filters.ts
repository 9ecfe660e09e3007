import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { accountStatuses, userTypes, type AccountStatus, type UserType } from '../../domain/accounts';
import type { SignupFilters } from '../api/admin';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/**
 * The list's filters live in the URL (`?status=&type=&q=&page=`), so a reload or a shared link
 * shows the same view and Back undoes a filter change.
 */
export function useSignupFilters() {
  const [params, setParams] = useSearchParams();
  const status = oneOf<AccountStatus>(accountStatuses, params.get('status'));
  const type = oneOf<UserType>(userTypes, params.get('type'));
  const q = params.get('q')?.trim() || undefined;
  const requestedPage = Number(params.get('page'));
  const page = Number.isInteger(requestedPage) && requestedPage > 0 ? requestedPage : 1;

  const filters = useMemo<SignupFilters>(() => ({ status, type, q, page }), [status, type, q, page]);

  /** Changing a filter goes back to page 1; typing replaces the history entry instead of adding one. */
  const update = useCallback(
    (next: Partial<SignupFilters>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const merged = {
            status: current.get('status') ?? undefined,
            type: current.get('type') ?? undefined,
            q: current.get('q') ?? undefined,
            page: 'page' in next ? next.page : 1,
            ...next,
          };
          const search = new URLSearchParams();
          if (merged.status) search.set('status', merged.status);
          if (merged.type) search.set('type', merged.type);
          if (merged.q) search.set('q', merged.q);
          if (merged.page && merged.page > 1) search.set('page', String(merged.page));
          return search;
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { preventScrollReset: true }), [setParams]);
  const filtered = Boolean(status || type || q);
  return { filters, filtered, update, clear };
}
