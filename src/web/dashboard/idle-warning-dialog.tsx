import * as RadixDialog from '@radix-ui/react-dialog';
import { Clock } from 'lucide-react';
import { Button } from '../ui/button';
import type { IdleState } from './use-idle-timeout';

/** Seconds left at which screen readers hear the countdown (every second would drown everything else). */
const SPOKEN_AT = new Set([30, 10]);

/**
 * The idle-timeout warning itself: an alert dialog with a live countdown, "Stay signed in" and
 * "Sign out". A module of its own, loaded when the warning first shows (see idle-timeout.tsx).
 */
export function IdleWarningDialog({ idle, idleSpan, onSignOut }: { idle: IdleState; idleSpan: string; onSignOut: () => void }) {
  return (
    <RadixDialog.Root
      open={idle.warning}
      onOpenChange={(open) => {
        // Escape is someone at the keyboard: treat it as "Stay signed in".
        if (!open) idle.stay();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          role="alertdialog"
          // A stray click beside the dialog must not count as an answer.
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <div className="flex items-start gap-3">
            <Clock className="mt-1 size-6 shrink-0 text-amber-600" aria-hidden />
            <div>
              <RadixDialog.Title className="text-xl font-semibold text-slate-900">You will be signed out soon</RadixDialog.Title>
              <RadixDialog.Description className="mt-2 text-slate-700">
                You have been inactive for a while. To protect patient information, CareRelay signs you out after {idleSpan} without
                activity.
              </RadixDialog.Description>
            </div>
          </div>
          <p role="timer" className="mt-4 text-center text-lg text-slate-900">
            Signing out in <strong className="tabular-nums">{idle.secondsLeft}</strong> second{idle.secondsLeft === 1 ? '' : 's'}
          </p>
          <p aria-live="polite" className="sr-only">
            {SPOKEN_AT.has(idle.secondsLeft) ? `${idle.secondsLeft} seconds left` : ''}
          </p>
          {idle.stayFailed && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              Could not reach CareRelay. Check your connection and try again.
            </p>
          )}
          {/* "Stay signed in" comes first, so it is where the dialog puts focus. */}
          <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
            <Button onClick={idle.stay} disabled={idle.staying}>
              {idle.staying ? 'Staying signed in…' : 'Stay signed in'}
            </Button>
            <Button variant="secondary" onClick={onSignOut}>
              Sign out
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
