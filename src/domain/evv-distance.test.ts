import { describe, expect, it } from 'vitest';
import { EVV_MAX_DISTANCE_MILES, isFarFromPatient, ZIP_AREA_MAX_ALLOWED_MILES, ZIP_AREA_MIN_ALLOWED_MILES, zipAreaAllowedMiles } from './evv-distance';

describe('how far from a ZIP’s center a reading may be when only the ZIP is known', () => {
  it.each([
    // [miles to the nearest other ZIP centroid, miles allowed]
    [0.4, ZIP_AREA_MIN_ALLOWED_MILES],
    [1.95, ZIP_AREA_MIN_ALLOWED_MILES],
    [2, 3],
    [5.5, 6.5],
    [12, 13],
    [18.2, 19.2],
    [29, ZIP_AREA_MAX_ALLOWED_MILES],
    [43, ZIP_AREA_MAX_ALLOWED_MILES],
  ])('a ZIP whose nearest neighbour is %s mi away allows %s mi', (nearest, allowed) => {
    expect(zipAreaAllowedMiles(nearest)).toBeCloseTo(allowed, 6);
  });

  it('is the neighbour spacing plus the address check’s own mile, growing with the ZIP’s size between the bounds', () => {
    for (const nearest of [2.5, 4, 9, 20]) expect(zipAreaAllowedMiles(nearest)).toBeCloseTo(nearest + EVV_MAX_DISTANCE_MILES, 6);
    let previous = 0;
    for (let nearest = 0; nearest <= 60; nearest += 0.5) {
      const allowed = zipAreaAllowedMiles(nearest);
      expect(allowed).toBeGreaterThanOrEqual(previous);
      expect(allowed).toBeGreaterThanOrEqual(ZIP_AREA_MIN_ALLOWED_MILES);
      expect(allowed).toBeLessThanOrEqual(ZIP_AREA_MAX_ALLOWED_MILES);
      previous = allowed;
    }
  });

  it('always allows more than the address check', () => {
    expect(ZIP_AREA_MIN_ALLOWED_MILES).toBeGreaterThan(EVV_MAX_DISTANCE_MILES);
  });

  it('allows the most when no other centroid is known', () => {
    expect(zipAreaAllowedMiles(null)).toBe(ZIP_AREA_MAX_ALLOWED_MILES);
    expect(zipAreaAllowedMiles(Number.NaN)).toBe(ZIP_AREA_MAX_ALLOWED_MILES);
  });
});

describe('far from the patient', () => {
  it('is beyond the distance allowed, not at it', () => {
    expect(isFarFromPatient({ from: 'address', miles: 1, allowedMiles: 1 })).toBe(false);
    expect(isFarFromPatient({ from: 'address', miles: 1.01, allowedMiles: 1 })).toBe(true);
    expect(isFarFromPatient({ from: 'zip_area', miles: 2.9, allowedMiles: 3 })).toBe(false);
  });
});
