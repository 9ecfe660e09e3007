import { LoaderCircle } from 'lucide-react';
import { Button } from './button';

/**
 * Below a paged list: how much of it is shown ("Showing 25 of 312", announced politely as it
 * grows) and, while more remains, a button that loads the next page (44 px tall on touch screens,
 * busy while loading: it stays focusable, so a keyboard user who pressed it is not thrown back to
 * the top of the page). `noun` names the rows ("referrals").
 */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  loading,
  failed,
  onLoadMore,
}: {
  shown: number;
  total: number;
  noun: string;
  hasMore: boolean;
  loading: boolean;
  failed?: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 pt-2">
      <p role="status" className="text-sm text-slate-700">
        {failed ? `The next ${noun} could not be loaded. ` : ''}
        Showing {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {noun}
      </p>
      {hasMore && (
        <Button variant="secondary" onClick={() => !loading && onLoadMore()} aria-disabled={loading} aria-busy={loading}>
          {loading && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {loading ? 'Loading…' : failed ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

/** LoadMore under a list read with useKeysetList. */
export function KeysetListFooter({
  list,
  noun,
}: {
  list: { items?: unknown[]; total: number; hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; fetchNextPage: () => Promise<unknown> };
  noun: string;
}) {
  return (
    <LoadMore
      shown={list.items?.length ?? 0}
      total={list.total}
      noun={noun}
      hasMore={list.hasNextPage}
      loading={list.isFetchingNextPage}
      failed={list.isFetchNextPageError}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}
