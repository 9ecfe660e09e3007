import { describe, expect, it } from 'vitest';
import { greatCircleMiles } from '../../domain/geo';
import zipcodes from 'zipcodes';
import { locateZip, nearestOtherZipMiles } from './zip-centroids';

describe('locateZip', () => {
  it.each([
    ['78701', 'Austin', 'TX', 30.2713, -97.7426],
    ['75201', 'Dallas', 'TX', 32.7904, -96.8044],
    ['10001', 'New York', 'NY', 40.7484, -73.9967],
    ['60601', 'Chicago', 'IL', 41.8858, -87.6181],
    ['90210', 'Beverly Hills', 'CA', 34.0901, -118.4065],
  ])('finds %s in %s, %s', (zip, city, state, latitude, longitude) => {
    expect(locateZip(zip)).toEqual({ zip, city, state, latitude, longitude });
  });

  it('keeps the leading zero of a New England ZIP', () => {
    expect(locateZip('02108')).toMatchObject({ zip: '02108', state: 'MA', city: 'Boston' });
  });

  it.each(['78701-1234', '787011234', '  78701 '])('reads "%s" by its first five digits', (zip) => {
    expect(locateZip(zip)).toMatchObject({ zip: '78701', city: 'Austin', state: 'TX' });
  });

  it.each(['00000', '99999'])('returns null for %s, which is no ZIP code', (zip) => {
    expect(locateZip(zip)).toBeNull();
  });

  it.each(['', '7870', '787012', '78701-12', 'abcde', '78 701'])('returns null for the malformed "%s"', (zip) => {
    expect(locateZip(zip)).toBeNull();
  });

  it('returns only the whitelisted fields', () => {
    expect(Object.keys(locateZip('78701') ?? {}).sort()).toEqual(['city', 'latitude', 'longitude', 'state', 'zip']);
  });

  it('gives centroids the matching rule can measure between', () => {
    const austin = locateZip('78701');
    const dallas = locateZip('75201');
    if (!austin || !dallas) throw new Error('expected both ZIP codes to be known');
    expect(greatCircleMiles(austin, dallas)).toBeCloseTo(182.6, 1);
  });
});

describe('nearestOtherZipMiles', () => {
  /** The same answer the slow way: every other US centroid at another place. */
  function bruteForce(zip: string): number {
    const place = locateZip(zip)!;
    return Math.min(
      ...Object.values(zipcodes.codes)
        .filter((code) => /^\d{5}$/.test(code.zip) && !(code.latitude === 0 && code.longitude === 0))
        .filter((code) => code.latitude !== place.latitude || code.longitude !== place.longitude)
        .map((code) => greatCircleMiles(place, code)),
    );
  }

  it.each([
    ['78704', 'Austin, TX', 1.9, 2.0],
    ['79255', 'Quitaque, TX (ranch country)', 10, 11],
    ['59337', 'Jordan, MT (one of the largest rural ZIPs)', 18, 18.5],
  ])('measures %s in %s to its nearest neighbour', (zip, _, low, high) => {
    const miles = nearestOtherZipMiles(zip)!;
    expect(miles).toBeGreaterThan(low);
    expect(miles).toBeLessThan(high);
  });

  it.each(['78704', '10001', '59337', '99678', '02108', '10008'])('agrees with measuring every centroid for %s', (zip) => {
    expect(nearestOtherZipMiles(zip)).toBeCloseTo(bruteForce(zip), 9);
  });

  it('passes over ZIPs placed at the very same point (10008 shares its centroid with 10004)', () => {
    expect(locateZip('10008')).toMatchObject({ latitude: locateZip('10004')!.latitude, longitude: locateZip('10004')!.longitude });
    expect(nearestOtherZipMiles('10008')).toBeGreaterThan(0);
  });

  it('reads a ZIP+4 by its five digits, and knows nothing of an unknown ZIP', () => {
    expect(nearestOtherZipMiles('78704-1234')).toBe(nearestOtherZipMiles('78704'));
    expect(nearestOtherZipMiles('00000')).toBeNull();
  });
});
