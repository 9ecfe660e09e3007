import { CalendarPlus, Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CalendarFeedStatus } from '../../domain/calendar-feed';
import { useCalendarFeedStatus, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/field';
import { ErrorState, Loading } from '../ui/states';
import { formatDateTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

/**
 * The therapist's private calendar feed link, on their schedule: create it (the URL is shown this
 * once, the server keeps only its hash), replace it, or revoke it. What the feed holds is said
 * before it is made: visit times, the referral reference and the town, never the patient.
 */
export function CalendarFeedCard() {
  const status = useCalendarFeedStatus();
  // The URL of a link made on this page: the only time it can be shown.
  const [newUrl, setNewUrl] = useState<string>();

  return (
    <section aria-labelledby="calendar-feed-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id="calendar-feed-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CalendarPlus className="size-5 text-brand-700" aria-hidden />
          Calendar feed
        </h2>
        <p className="text-sm text-slate-700">
          See your visits in Google Calendar, Apple Calendar or Outlook with a private link they subscribe to. Each visit shows its time,
          the referral reference and the town (for example “R-1042, Austin, TX”) and a link back here; never the patient’s name, address or
          phone. Anyone with the link can see those, so keep it to yourself, and revoke it if it gets out.
        </p>
      </div>
      {status.isPending ? (
        <Loading label="Loading your calendar feed…" />
      ) : status.isError ? (
        <ErrorState
          message={status.error.message}
          action={
            <Button variant="secondary" onClick={() => void status.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <FeedControls status={status.data} newUrl={newUrl} onCreated={setNewUrl} onRevoked={() => setNewUrl(undefined)} />
      )}
    </section>
  );
}

function FeedControls({
  status,
  newUrl,
  onCreated,
  onRevoked,
}: {
  status: CalendarFeedStatus;
  newUrl: string | undefined;
  onCreated: (url: string) => void;
  onRevoked: () => void;
}) {
  const zone = useTimeZone();
  const create = useCreateCalendarFeed();
  const [confirming, setConfirming] = useState<'replace' | 'revoke'>();

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: ({ url }) => {
        setConfirming(undefined);
        onCreated(url);
      },
    });

  return (
    <div className="space-y-4">
      {newUrl && status.active && <NewLink url={newUrl} />}
      {status.active && status.createdAt ? (
        <p className="text-sm text-slate-700">
          Your link is live since {formatDateTime(status.createdAt, zone)}.{' '}
          {status.lastFetchedAt ? `A calendar app last read it ${formatDateTime(status.lastFetchedAt, zone)}.` : 'No calendar app has read it yet.'}
        </p>
      ) : (
        <p className="text-sm text-slate-700">You have no calendar feed link.</p>
      )}
      {create.isError && !confirming && <FormAlert>{create.error.message}</FormAlert>}
      <div className="flex flex-wrap gap-3">
        {status.active ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming('replace')}>
              Create a new link
            </Button>
            <Button variant="secondary" onClick={() => setConfirming('revoke')}>
              Revoke
            </Button>
          </>
        ) : (
          <Button onClick={makeLink} disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create feed link'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming === 'replace'}
        onClose={() => {
          setConfirming(undefined);
          create.reset();
        }}
        title="Create a new feed link?"
        description="Your current link stops working straight away: calendars subscribed to it need the new one."
        error={create.isError ? create.error.message : undefined}
        pending={create.isPending}
        confirm={['Create new link', 'Creating…']}
        onConfirm={makeLink}
      />
      <RevokeDialog
        open={confirming === 'revoke'}
        onClose={() => setConfirming(undefined)}
        onRevoked={() => {
          setConfirming(undefined);
          onRevoked();
        }}
      />
    </div>
  );
}

/** The URL just made, with a Copy button; it cannot be shown again once the page is left. */
function NewLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);
  // Moved to the link so keyboard and screen reader users land on what just appeared.
  useEffect(() => field.current?.focus(), [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      field.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <label htmlFor="calendar-feed-url" className="block text-sm font-semibold text-slate-900">
        Your feed link (shown only now)
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="calendar-feed-url"
          ref={field}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 font-mono text-sm text-slate-900"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'copied' ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        In your calendar app, add a calendar “from URL” (or “subscribe”) and paste it. We cannot show it again: if you lose it, create a new
        one.
      </p>
      <p role="status" className="text-sm text-slate-700">
        {copied === 'copied' && 'The link is on your clipboard.'}
        {copied === 'failed' && 'Could not copy. The link is selected: copy it yourself.'}
      </p>
    </div>
  );
}

function RevokeDialog({ open, onClose, onRevoked }: { open: boolean; onClose: () => void; onRevoked: () => void }) {
  const revoke = useRevokeCalendarFeed();
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        onClose();
        revoke.reset();
      }}
      title="Revoke your calendar feed link?"
      description="Calendars subscribed to it stop getting your visits. You can create a new link at any time."
      error={revoke.isError ? revoke.error.message : undefined}
      pending={revoke.isPending}
      confirm={['Revoke link', 'Revoking…']}
      onConfirm={() => revoke.mutate(undefined, { onSuccess: onRevoked })}
    />
  );
}

/** Asks before an action that ends a link calendars may be reading; Cancel, or the action (its label while it runs). */
function ConfirmDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  error: string | undefined;
  pending: boolean;
  confirm: [label: string, pendingLabel: string];
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()} title={props.title} description={props.description}>
      <div className="space-y-4">
        {props.error && <FormAlert>{props.error}</FormAlert>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={props.onConfirm} disabled={props.pending}>
            {props.pending ? props.confirm[1] : props.confirm[0]}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
