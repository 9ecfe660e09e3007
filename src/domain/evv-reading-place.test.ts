import { describe, expect, it } from 'vitest';
import { readingPlaceText } from './visits';

const fromAddress = (milesFromPatient: number) => ({ latitude: 30.27, milesFromPatient, measuredFrom: 'address' as const, allowedMiles: 1 });
const fromZipArea = (milesFromPatient: number, allowedMiles: number) => ({ latitude: 30.27, milesFromPatient, measuredFrom: 'zip_area' as const, allowedMiles });

describe('where a visit reading was, in words', () => {
  it('is near the patient’s home within the EVV distance of their address, saying it was measured from the address', () => {
    expect(readingPlaceText(fromAddress(0.14))).toBe('Near the patient’s home (0.1 mi from the patient’s address)');
    expect(readingPlaceText(fromAddress(0.04))).toBe('Near the patient’s home (under 0.1 mi from the patient’s address)');
    expect(readingPlaceText(fromAddress(1))).toBe('Near the patient’s home (1.0 mi from the patient’s address)');
  });

  it('says how far from the address beyond it', () => {
    expect(readingPlaceText(fromAddress(1.04))).toBe('1.0 mi from the patient’s address');
    expect(readingPlaceText(fromAddress(12.44))).toBe('12.4 mi from the patient’s address');
  });

  it('never calls a ZIP-area check a check of the address: it names the ZIP area and the distance it allowed', () => {
    expect(readingPlaceText(fromZipArea(2.14, 6.5))).toBe('Within the patient’s ZIP area (2.1 mi from its center; up to 6.5 mi allowed)');
    expect(readingPlaceText(fromZipArea(0.3, 3))).toBe('Within the patient’s ZIP area (0.3 mi from its center; up to 3 mi allowed)');
    expect(readingPlaceText(fromZipArea(14.2, 2.95))).toBe('14.2 mi from the center of the patient’s ZIP area (more than the 3 mi allowed)');
    for (const text of [readingPlaceText(fromZipArea(0.3, 3)), readingPlaceText(fromZipArea(14.2, 3))]) expect(text).not.toMatch(/address|home/);
  });

  it('says when there was no reading, or nothing to measure it from', () => {
    expect(readingPlaceText({ latitude: null, milesFromPatient: null, measuredFrom: null, allowedMiles: null })).toBe('No location reading');
    expect(readingPlaceText({ latitude: 30.27, milesFromPatient: null, measuredFrom: null, allowedMiles: null })).toBe('Location recorded');
  });
});
