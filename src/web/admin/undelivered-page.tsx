import { ArrowLeft, MailCheck, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { undeliveredKindLabels, type UndeliveredItem } from '../../domain/undelivered';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { formatMoment } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { AdminQueryStates } from './access-panels';
import { NoticeBanner } from './notice-banner';
import { useNotice } from './use-notice';
import { useRetryUndelivered, useUndelivered } from './use-undelivered';

/**
 * /dashboard/admin/undelivered: mail, texts, sign-up chat messages and referral alerts whose
 * delivery was given up on (retries ran out, or the job was lost). Shown by kind and masked
 * recipient, never content; Retry queues one again.
 */
export function UndeliveredPage() {
  const undelivered = useUndelivered();
  const retry = useRetryUndelivered();
  const { notice, show, dismiss } = useNotice();

  const onRetry = (item: UndeliveredItem) => {
    const what = `${undeliveredKindLabels[item.kind].toLowerCase()} to ${item.recipient}`;
    retry.mutate(item.id, {
      onSuccess: () => show({ tone: 'success', text: `Queued again: the ${what}.` }),
      onError: (failure) => show({ tone: 'error', text: `Could not retry the ${what}: ${failure.message}` }),
    });
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Undelivered messages" description="Mail, texts and chat messages CareRelay could not deliver, for managers to retry." />
      <header>
        <Link to="/dashboard/admin" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline hover:no-underline">
          <ArrowLeft className="size-4" aria-hidden /> Admin dashboard
        </Link>
        <p className="mt-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">Undelivered messages</h1>
        <p className="mt-2 max-w-prose text-slate-700">
          Messages we could not deliver after every retry. Once the mail server, text provider or chat is working again, retry each one:
          it is sent once.
        </p>
      </header>

      <AdminQueryStates query={undelivered} failed="The undelivered messages could not be loaded." loading="Loading undelivered messages…" />
      {undelivered.data && undelivered.data.items.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <MailCheck className="size-8 text-slate-500" aria-hidden />
          <p className="text-lg font-medium text-slate-800">Every message has been delivered or retried.</p>
        </div>
      )}
      {undelivered.data && undelivered.data.items.length > 0 && (
        <section aria-labelledby="undelivered-list" className="space-y-3">
          <h2 id="undelivered-list" className="text-sm text-slate-600">
            {undelivered.data.total === undelivered.data.items.length
              ? `${undelivered.data.total} ${undelivered.data.total === 1 ? 'message' : 'messages'}, newest first`
              : `The ${undelivered.data.items.length} newest of ${undelivered.data.total} messages`}
          </h2>
          <ul className="space-y-3">
            {undelivered.data.items.map((item) => (
              <UndeliveredCard key={item.id} item={item} retrying={retry.isPending && retry.variables === item.id} disabled={retry.isPending} onRetry={onRetry} />
            ))}
          </ul>
        </section>
      )}
      <NoticeBanner notice={notice} onDismiss={dismiss} />
    </div>
  );
}

function UndeliveredCard({ item, retrying, disabled, onRetry }: { item: UndeliveredItem; retrying: boolean; disabled: boolean; onRetry: (item: UndeliveredItem) => void }) {
  const kind = undeliveredKindLabels[item.kind];
  const zone = useTimeZone();
  return (
    <li aria-label={`${kind} to ${item.recipient}`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-slate-900">
          {kind} <span className="font-normal text-slate-700">to {item.recipient}</span>
        </p>
        <p className="break-words text-slate-800">{item.summary}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
          <dt>Failed</dt>
          <dd>{formatMoment(item.failedAt, zone)}</dd>
          <dt>Attempts</dt>
          <dd>{item.attempts}</dd>
          {item.lastError && (
            <>
              <dt>Last error</dt>
              <dd className="break-words">{item.lastError}</dd>
            </>
          )}
        </dl>
      </div>
      <Button variant="secondary" className="min-h-11 shrink-0" disabled={disabled} aria-busy={retrying} aria-label={`Retry ${kind.toLowerCase()} to ${item.recipient}`} onClick={() => onRetry(item)}>
        <RotateCw className="size-4" aria-hidden /> {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </li>
  );
}
