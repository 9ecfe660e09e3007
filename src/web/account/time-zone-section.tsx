import { useMe } from '../api/auth';
import { browserTimeZone } from '../ui/use-time-zone';
import { TimeZoneForm } from './time-zone-form';

/** The Security page's "Time zone": where every role changes the zone all times are shown in. */
export function TimeZoneSection() {
  const me = useMe();
  if (!me.data) return null;
  // Someone never asked starts on the browser's zone, as at onboarding.
  const initial = me.data.timeZoneChosen ? me.data.timeZone : browserTimeZone();
  return (
    <section aria-labelledby="time-zone-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="time-zone-title" className="text-xl font-semibold text-slate-900">
        Time zone
      </h2>
      <TimeZoneForm
        initial={initial}
        label="Your time zone"
        hint="Every time in CareRelay, and in our emails and texts to you, is shown in this zone."
        submitLabel="Save time zone"
      />
    </section>
  );
}
