import { atPatientsHome, formatTime, formatTimeWithZone, formatWeekdayDate } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

/**
 * A visit's start on the viewer's clock ("Mon, Mar 4, 2:06 PM", or "2:06 PM" with `timeOnly`);
 * where the patient's home keeps another clock, both, each with its zone: "2:06 PM MST · 4:06 PM
 * EST at the patient's home", so nobody has to work out the difference on the way there.
 */
export function VisitTime({ iso, patientTimeZone, timeOnly = false }: { iso: string; patientTimeZone: string | null; timeOnly?: boolean }) {
  const zone = useTimeZone();
  const theirs = atPatientsHome(iso, zone, patientTimeZone);
  const clock = theirs ? `${formatTimeWithZone(iso, zone)} · ${theirs}` : formatTime(iso, zone);
  return <time dateTime={iso}>{timeOnly ? clock : `${formatWeekdayDate(iso, zone)}, ${clock}`}</time>;
}
