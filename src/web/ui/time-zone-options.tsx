import { timeZoneOptions, type ZoneOption } from '../../domain/time-zones';

const Options = ({ zones }: { zones: ZoneOption[] }) =>
  zones.map((zone) => (
    <option key={zone.id} value={zone.id}>
      {zone.label}
    </option>
  ));

/**
 * The `<option>`s of a time zone select: the US zones first, then every zone the browser knows by
 * its IANA name. `current` (a saved or detected zone) is always among them.
 */
export function TimeZoneOptions({ current }: { current?: string }) {
  const { us, other } = timeZoneOptions(current);
  return (
    <>
      <optgroup label="United States">
        <Options zones={us} />
      </optgroup>
      <optgroup label="All time zones">
        <Options zones={other} />
      </optgroup>
    </>
  );
}
