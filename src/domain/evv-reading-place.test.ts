import { describe, expect, it } from 'vitest';
import { readingPlaceText } from './visits';

describe('where a visit reading was, in words', () => {
  it('is near the patient’s home within the EVV distance, with the distance', () => {
    expect(readingPlaceText({ latitude: 30.27, milesFromPatient: 0.14 })).toBe('Near the patient’s home (0.1 mi)');
    expect(readingPlaceText({ latitude: 30.27, milesFromPatient: 0.04 })).toBe('Near the patient’s home (under 0.1 mi)');
    expect(readingPlaceText({ latitude: 30.27, milesFromPatient: 1 })).toBe('Near the patient’s home (1.0 mi)');
  });

  it('says how far beyond it, and when there was no reading or no patient to measure from', () => {
    expect(readingPlaceText({ latitude: 30.27, milesFromPatient: 12.44 })).toBe('12.4 mi from the patient’s home');
    expect(readingPlaceText({ latitude: null, milesFromPatient: null })).toBe('No location reading');
    expect(readingPlaceText({ latitude: 30.27, milesFromPatient: null })).toBe('Location recorded');
  });
});
