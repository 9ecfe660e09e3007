import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { credentialKindNames } from '../../domain/credentials';
import { AdminQueryStates } from '../admin/access-panels';
import { useCredentialQueue } from '../api/credentials';
import { EmptyCard } from '../dashboard/dashboard-ui';
import { PageMeta } from '../ui/page-meta';
import { formatMoment } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

/**
 * /dashboard/admin/credentials: credentials awaiting verification, oldest first; each leads to the
 * therapist's credentials screen, where the document and the board lookup sit side by side.
 */
export function CredentialQueuePage() {
  const queue = useCredentialQueue();
  const timeZone = useTimeZone();

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Credentials to verify" description="Therapists' credentials awaiting verification by a manager." />
      <header>
        <Link to="/dashboard/admin" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline hover:no-underline">
          <ArrowLeft className="size-4" aria-hidden /> Admin dashboard
        </Link>
        <p className="mt-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">Credentials to verify</h1>
        <p className="mt-2 max-w-prose text-slate-700">
          Each credential a therapist added or changed, oldest first. Check it against its document and, for a license, the state board, then verify or reject it.
        </p>
      </header>
      <AdminQueryStates query={queue} failed="The credentials could not be loaded." loading="Loading credentials…" />
      {queue.data &&
        (queue.data.items.length === 0 ? (
          <EmptyCard>No credentials are awaiting verification.</EmptyCard>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {queue.data.total} awaiting verification{queue.data.total > queue.data.items.length ? `; the oldest ${queue.data.items.length} are shown` : ''}.
            </p>
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {queue.data.items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/dashboard/admin/credentials/therapists/${item.therapistId}`}
                    className="flex min-h-11 flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
                  >
                    <span className="font-semibold text-brand-800 underline">{item.therapistName}</span>
                    <span className="text-sm text-slate-700">
                      {credentialKindNames[item.kind]}
                      {item.kind === 'state_license' ? ` (${item.issuer}${item.compactPrivilege ? ', compact' : ''})` : ''} · {item.hasDocument ? 'document attached' : 'no document'} · sent{' '}
                      {formatMoment(item.submittedAt, timeZone)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ))}
    </div>
  );
}
