import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { KeysetPage } from '../../domain/keyset-page';
import { api, ApiError } from './client';

// 4xx answers describe the request or the user; asking again would not change them.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/**
 * A list the server answers a page at a time (domain/keyset-page.ts): the first page, then each
 * next one when `fetchNextPage` is called, following `nextCursor`. `items` are every row loaded so
 * far, `total` the rows of the whole list. `path` carries the list's own filters (e.g. "?status=open").
 */
export function useKeysetList<T>(queryKey: QueryKey, path: string) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<KeysetPage<T>>(pageParam === null ? path : `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}`, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry,
  });
  const pages = query.data?.pages;
  // The query's own fields are read through it, not copied: the query re-renders a component only
  // for the fields it read, and a copy reads them all, so every fetch began and ended re-rendered
  // the whole list's page (a background refetch twice, for an answer it may not even change).
  const list = Object.create(query) as typeof query & { items: T[] | undefined; total: number };
  list.items = pages?.flatMap((page) => page.items);
  list.total = pages?.[0]?.total ?? 0;
  return list;
}
