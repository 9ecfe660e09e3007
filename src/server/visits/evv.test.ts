import { describe, expect, it } from 'vitest';
import { locateZip } from '../geo/zip-centroids';
import { evvReferenceOf, findExceptions, measureReading } from './evv';

const centroid = locateZip('78704')!;
const home = { latitude: centroid.latitude + 4 / 69.09, longitude: centroid.longitude };
const at = new Date('2026-12-01T15:00:00Z');
const exceptionsAt = (reading: { latitude: number; longitude: number }, place: { zip: string; home: typeof home | null }) =>
  findExceptions({ reading, measurement: measureReading(reading, evvReferenceOf(place)), at, scheduledStart: null });

describe('what a reading is judged against', () => {
  it('the geocoded address when it has a point, within the one-mile address check', () => {
    expect(evvReferenceOf({ zip: '78704', home })).toEqual({ from: 'address', point: home, allowedMiles: 1 });
  });

  it('the ZIP’s center with the ZIP area’s allowance without one; nothing for a ZIP nobody knows', () => {
    expect(evvReferenceOf({ zip: '78704', home: null })).toEqual({ from: 'zip_area', point: { latitude: centroid.latitude, longitude: centroid.longitude }, allowedMiles: 3 });
    expect(evvReferenceOf({ zip: '59337', home: null })?.allowedMiles).toBeGreaterThan(19);
    expect(evvReferenceOf({ zip: '00000', home: null })).toBeNull();
  });
});

describe('the exceptions a reading makes', () => {
  it('a reading at the ZIP’s center, four miles from the home, is far from the patient’s address', () => {
    expect(exceptionsAt(centroid, { zip: '78704', home })).toEqual(['far_from_patient']);
  });

  it('the converse: at the home, four miles from the ZIP’s center, nothing when the address is known, far from the ZIP area when it is not', () => {
    expect(exceptionsAt(home, { zip: '78704', home })).toEqual([]);
    expect(exceptionsAt(home, { zip: '78704', home: null })).toEqual(['far_from_zip_area']);
  });

  it('no reading is a missing location, whatever is known of the home', () => {
    expect(findExceptions({ reading: null, measurement: measureReading(null, evvReferenceOf({ zip: '78704', home })), at, scheduledStart: null })).toEqual(['missing_location']);
  });

  it('no place to measure from judges no distance', () => {
    expect(exceptionsAt(home, { zip: '00000', home: null })).toEqual([]);
  });
});
