import { Clock } from 'lucide-react';
import { useState } from 'react';
import type { Me } from '../api/auth';
import { TimeZoneForm } from '../account/time-zone-form';
import { Button } from '../ui/button';
import { browserTimeZone } from '../ui/use-time-zone';

const dismissedKey = (userId: string) => `carerelay.time-zone-prompt-dismissed.${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * Asks, once, someone who has never chosen a time zone (accounts from before zones were asked, and
 * managers, who skip onboarding) which zone they are in, offering the browser's. "Not now" keeps the
 * default on this browser without asking again; Security → Time zone changes it any time.
 */
export function TimeZonePrompt({ me }: { me: Pick<Me, 'user' | 'timeZone' | 'timeZoneChosen'> }) {
  const [dismissed, setDismissed] = useState(() => wasDismissed(me.user.id));
  if (me.timeZoneChosen || dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(me.user.id), '1');
    } catch {
      // Private browsing without storage: asked again next time, which is harmless.
    }
    setDismissed(true);
  };
  return (
    <section aria-labelledby="time-zone-prompt-title" className="mx-auto mt-6 max-w-5xl px-4 sm:px-6">
      <div className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50 p-5">
        <h2 id="time-zone-prompt-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Clock className="size-5 text-brand-700" aria-hidden /> Which time zone are you in?
        </h2>
        <p className="text-sm text-slate-700">
          CareRelay shows every visit time, and writes every email and text, in your time zone. Until you choose, times are in
          Central time.
        </p>
        <TimeZoneForm initial={browserTimeZone()} label="Your time zone" submitLabel="Use this time zone">
          <Button variant="ghost" onClick={dismiss}>
            Not now
          </Button>
        </TimeZoneForm>
      </div>
    </section>
  );
}
