import { describe, expect, it } from 'vitest';
import { homeLocationText, measuresFromAddress, needsLocating, type HomeLocationView } from './home-location';

const address = { addressLine: '1200 Sweetwater Lane', city: 'Austin', state: 'TX', zip: '78704' };
const view = (overrides: Partial<HomeLocationView>): HomeLocationView => ({ status: 'located', at: '2026-12-01T10:00:00.000Z', retrying: false, standIn: false, ...overrides });

describe('whether saving the details locates the address (again)', () => {
  it('new details, or earlier ones that no longer open: yes', () => {
    expect(needsLocating(null, address, null)).toBe(true);
    expect(needsLocating(null, address, { status: 'located', retrying: false })).toBe(true);
  });

  it.each(['addressLine', 'city', 'state', 'zip'] as const)('a changed %s: yes, whatever the last answer', (field) => {
    expect(needsLocating(address, { ...address, [field]: `${address[field]}X` }, { status: 'located', retrying: false })).toBe(true);
  });

  it('the same address located, not found, being located or being retried: no', () => {
    expect(needsLocating(address, { ...address }, { status: 'located', retrying: false })).toBe(false);
    expect(needsLocating(address, { ...address }, { status: 'not_found', retrying: false })).toBe(false);
    expect(needsLocating(address, { ...address }, { status: 'pending', retrying: false })).toBe(false);
    expect(needsLocating(address, { ...address }, { status: 'unreachable', retrying: true })).toBe(false);
  });

  it('the same address whose geocoder stayed unreachable through every retry: yes, once more', () => {
    expect(needsLocating(address, { ...address }, { status: 'unreachable', retrying: false })).toBe(true);
  });
});

describe('what check-ins are compared with, in one line', () => {
  it('names the ZIP area whenever the address has no point of its own', () => {
    expect(homeLocationText(view({ status: 'pending' }))).toBe('Locating the address… Until then, check-ins are compared with the ZIP area.');
    expect(homeLocationText(view({ status: 'located' }))).toBe('Address located for visit verification.');
    expect(homeLocationText(view({ status: 'not_found' }))).toBe('Address not found by the geocoder: check-ins are compared with the ZIP area.');
    expect(homeLocationText(view({ status: 'unreachable', retrying: true }))).toBe('The geocoder could not be reached; retrying. Until then, check-ins are compared with the ZIP area.');
    expect(homeLocationText(view({ status: 'unreachable', retrying: false }))).toMatch(/^The geocoder could not be reached: check-ins are compared with the ZIP area\./);
  });

  it('the stand-in’s point is the ZIP’s center, so it is said and used as a ZIP check', () => {
    expect(homeLocationText(view({ standIn: true }))).toMatch(/stand-in geocoder, not the Census Geocoder: check-ins are compared with the ZIP area/);
    expect(measuresFromAddress(view({ standIn: true }))).toBe(false);
    expect(measuresFromAddress(view({}))).toBe(true);
    for (const status of ['pending', 'not_found', 'unreachable'] as const) expect(measuresFromAddress(view({ status }))).toBe(false);
  });
});
