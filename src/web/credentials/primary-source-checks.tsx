import { useEffect, useState } from 'react';
import type { PrimarySourceCheckView, TherapistCredentialsReview } from '../../domain/credential-views';
import { useRecheckNpi } from '../api/credentials';
import { Button } from '../ui/button';
import { formatMoment } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

const sourceNames = { nppes: 'NPPES NPI Registry', leie: 'OIG exclusion list (LEIE)' } as const;
const outcomeWords: Record<PrimarySourceCheckView['outcome'], string> = {
  pending: 'Checking',
  clear: 'Clear',
  review: 'Needs review',
  match: 'Match found',
  unreachable: 'Source unreachable; retrying',
};

/** How long the screen keeps asking for the result of a check it queued (the job usually answers in seconds). */
export const CHECK_WATCH_MS = 60_000;

/**
 * The latest NPPES and LEIE checks of one therapist, with "Check with NPPES" to queue a new NPI
 * check (a job: the answer arrives a few seconds later, so the page is told to keep asking until
 * a check newer than the click shows up). `onWatch` sets or clears that request.
 */
export function PrimarySourceChecks({
  therapistId,
  checks,
  onWatch,
}: {
  therapistId: string;
  checks: TherapistCredentialsReview['checks'];
  onWatch: (watching: boolean) => void;
}) {
  const timeZone = useTimeZone();
  const recheck = useRecheckNpi();
  const [queuedAt, setQueuedAt] = useState<number>();
  const answered = queuedAt !== undefined && checks.nppes !== null && Date.parse(checks.nppes.checkedAt) >= queuedAt;
  const waiting = queuedAt !== undefined && !answered;
  // Stop asking once the answer is in, or after CHECK_WATCH_MS (an unreachable registry answers in a job's retry, later).
  useEffect(() => {
    onWatch(waiting);
    if (!waiting) return;
    const timer = setTimeout(() => setQueuedAt(undefined), CHECK_WATCH_MS);
    return () => clearTimeout(timer);
  }, [waiting, onWatch]);

  const onCheck = () =>
    recheck.mutate(therapistId, {
      onSuccess: () => {
        // Server clocks and this one differ a little: a check a few seconds before the click is not the answer.
        setQueuedAt(Date.now() - 2_000);
      },
    });

  return (
    <section aria-labelledby="checks-heading" className="space-y-2">
      <h2 id="checks-heading" className="text-xl font-semibold text-slate-900">
        Primary-source checks
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        {(['nppes', 'leie'] as const).map((source) => {
          const check = checks[source];
          return (
            <div key={source} className="rounded-2xl border border-slate-200 bg-white p-4">
              <dt className="font-semibold text-slate-900">{sourceNames[source]}</dt>
              <dd className="mt-1 text-sm text-slate-700">
                {check ? (
                  <>
                    <span className="font-semibold">{outcomeWords[check.outcome]}</span> · {formatMoment(check.checkedAt, timeZone)}
                    {check.detail && <span className="mt-1 block">{check.detail}</span>}
                  </>
                ) : (
                  'Not checked yet'
                )}
              </dd>
              {source === 'nppes' && (
                <dd className="mt-3 space-y-2">
                  <Button variant="secondary" className="min-h-11" disabled={recheck.isPending || waiting} aria-busy={recheck.isPending || waiting} onClick={onCheck}>
                    {check ? 'Check again with NPPES' : 'Check with NPPES'}
                  </Button>
                  <p role="status" className="text-sm text-slate-700 empty:hidden">
                    {waiting ? 'Checking the NPI with NPPES…' : ''}
                  </p>
                  {recheck.isError && (
                    <p role="alert" className="text-sm text-red-700">
                      The check could not be queued: {recheck.error.message}
                    </p>
                  )}
                </dd>
              )}
            </div>
          );
        })}
      </dl>
    </section>
  );
}
