import { Users } from 'lucide-react';
import { useState } from 'react';
import { adminMessages, SIGNUPS_PAGE_SIZE, type SignupItem } from '../../domain/admin';
import { useApproveSignup, useSignups } from '../api/admin';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { Loading } from '../ui/states';
import { AdminQueryStates, isRefused } from './access-panels';
import { pageCount, rangeLabel } from './format';
import { InviteManagerDialog } from './invite-manager-dialog';
import { NoticeBanner } from './notice-banner';
import { Pagination } from './pagination';
import { RejectDialog } from './reject-dialog';
import { SignupFilters } from './signup-filters';
import { SignupList } from './signup-list';
import { useNotice } from './use-notice';
import { useSignupFilters } from './use-signup-filters';

/** /dashboard/admin/signups: the 'User Signups' list, where managers approve or reject accounts and invite managers. */
export function SignupsPage() {
  const { filters, filtered, update, clear } = useSignupFilters();
  const signups = useSignups(filters);
  const approve = useApproveSignup();
  const [rejecting, setRejecting] = useState<SignupItem>();
  // Remounts the filter controls so Clear filters also empties the search box.
  const [filtersKey, setFiltersKey] = useState(0);
  const { notice, show, dismiss } = useNotice();

  const denied = isRefused(signups);

  const onApprove = (item: SignupItem) => {
    approve.mutate(item.id, {
      onSuccess: (updated) => show({ tone: 'success', text: `${updated.name} is approved. We have emailed them.` }),
      onError: (failure) => show({ tone: 'error', text: `Could not approve ${item.name}: ${failure.message}` }),
    });
  };
  const clearFilters = () => {
    clear();
    setFiltersKey((key) => key + 1);
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="User Signups" description="Review CareRelay sign-ups: approve or reject agencies and therapists, and invite managers." />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900">User Signups</h1>
        </div>
        {!denied && <InviteManagerDialog onInvited={(manager) => show({ tone: 'success', text: `Invitation sent to ${manager.email}.` })} />}
      </header>

      <AdminQueryStates query={signups} failed="The signups could not be loaded." />

      {!denied && !signups.isError && (
        <>
          <SignupFilters key={filtersKey} filters={filters} onChange={update} />
          {signups.isPending && <Loading label="Loading signups…" />}
          {signups.data && (
            <section aria-label="Signups" aria-busy={signups.isPlaceholderData} className="space-y-4">
              <p className="text-sm text-slate-600">
                {rangeLabel(signups.data.page, signups.data.pageSize, signups.data.items.length, signups.data.total)}
              </p>
              {signups.data.items.length > 0 ? (
                <SignupList
                  items={signups.data.items}
                  onApprove={onApprove}
                  onReject={setRejecting}
                  approvingId={approve.isPending ? approve.variables : undefined}
                />
              ) : (
                <EmptyList filtered={filtered} pastEnd={signups.data.total > 0} onClear={clearFilters} onFirstPage={() => update({ page: 1 })} />
              )}
              <Pagination
                page={filters.page}
                pages={pageCount(signups.data.total, signups.data.pageSize || SIGNUPS_PAGE_SIZE)}
                onPage={(page) => update({ page })}
              />
            </section>
          )}
        </>
      )}

      <RejectDialog
        item={rejecting}
        onClose={() => setRejecting(undefined)}
        onRejected={(updated) => {
          setRejecting(undefined);
          show({ tone: 'success', text: `${updated.name} is rejected. We have emailed them the reason.` });
        }}
      />
      <NoticeBanner notice={notice} onDismiss={dismiss} />
    </div>
  );
}

function EmptyList({ filtered, pastEnd, onClear, onFirstPage }: { filtered: boolean; pastEnd: boolean; onClear: () => void; onFirstPage: () => void }) {
  if (pastEnd) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
        <p className="text-slate-700">This page is past the end of the list.</p>
        <Button variant="secondary" className="mt-4" onClick={onFirstPage}>
          Go to the first page
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <Users className="size-8 text-slate-400" aria-hidden />
      <p className="text-lg font-medium text-slate-800">{filtered ? adminMessages.noMatches : adminMessages.noSignups}</p>
      {filtered ? (
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      ) : (
        <p className="text-sm text-slate-600">New agency and therapist sign-ups appear here for review.</p>
      )}
    </div>
  );
}
