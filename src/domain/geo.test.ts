import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES, greatCircleMiles } from './geo';

// ZIP centroids as the zipcodes package gives them.
const austin78701 = { latitude: 30.2713, longitude: -97.7426 };
const dallas75201 = { latitude: 32.7904, longitude: -96.8044 };
const newYork10001 = { latitude: 40.7484, longitude: -73.9967 };
const beverlyHills90210 = { latitude: 34.0901, longitude: -118.4065 };
const chicago60601 = { latitude: 41.8858, longitude: -87.6181 };

describe('greatCircleMiles', () => {
  // Expected figures computed separately with the spherical law of cosines on the same 3958.8-mile
  // sphere (a different formula from the haversine under test), to within a mile.
  it.each([
    ['Austin 78701 ↔ Dallas 75201', austin78701, dallas75201, 182.6],
    ['Chicago 60601 ↔ New York 10001', chicago60601, newYork10001, 710.5],
    ['New York 10001 ↔ Beverly Hills 90210', newYork10001, beverlyHills90210, 2453.3],
  ])('%s ≈ %s miles', (_name, a, b, expected) => {
    expect(Math.abs(greatCircleMiles(a, b) - expected)).toBeLessThan(1);
  });

  it('is the same in both directions', () => {
    expect(greatCircleMiles(dallas75201, austin78701)).toBeCloseTo(greatCircleMiles(austin78701, dallas75201), 9);
  });

  it('is zero from a point to itself', () => {
    expect(greatCircleMiles(austin78701, austin78701)).toBe(0);
  });

  it('is a quarter of the circumference from the equator to a pole', () => {
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI * EARTH_RADIUS_MILES) / 2,
      6,
    );
  });

  it('is half the circumference (about 12,437 miles) between antipodes, never NaN', () => {
    const half = Math.PI * 3958.8;
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(half, 6);
    expect(greatCircleMiles({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBeCloseTo(half, 6);
    // Haversine loses a little precision right at the antipode; a few feet is plenty here.
    expect(greatCircleMiles(austin78701, { latitude: -30.2713, longitude: 82.2574 })).toBeCloseTo(half, 3);
  });

  it('makes one degree of latitude about 69.09 miles anywhere along a meridian', () => {
    expect(greatCircleMiles({ latitude: 30, longitude: -97 }, { latitude: 31, longitude: -97 })).toBeCloseTo(69.09, 2);
    expect(greatCircleMiles({ latitude: -60, longitude: 10 }, { latitude: -59, longitude: 10 })).toBeCloseTo(69.09, 2);
  });

  it('shrinks a degree of longitude with latitude (about half at 60°)', () => {
    const atEquator = greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 });
    const at60 = greatCircleMiles({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 3);
  });

  it('treats -180 and 180 longitude as the same meridian', () => {
    expect(greatCircleMiles({ latitude: 10, longitude: -180 }, { latitude: 10, longitude: 180 })).toBeCloseTo(0, 6);
  });
});
