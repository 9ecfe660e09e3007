import type { UsStateCode } from './us-states';

/**
 * The time zone of a patient's home, from their state: the zone most of the state's people live in.
 * The rule is the state because that is what a referral carries without identifying anyone.
 *
 * Known exceptions, where part of a state keeps another clock and this table gives the majority's:
 * Texas (El Paso and Hudspeth counties: Mountain), Florida (the western Panhandle: Central),
 * Tennessee (East Tennessee: Eastern; the table says Central), Kentucky (its western half:
 * Central), Indiana (the Chicago and Evansville corners: Central), Michigan (four Upper Peninsula
 * counties: Central), Kansas, Nebraska, North and South Dakota (their western parts: Mountain),
 * Idaho (the Panhandle: Pacific), Oregon (Malheur County: Mountain), Arizona (the Navajo Nation keeps
 * daylight saving) and Alaska (the western Aleutians: Hawaii–Aleutian).
 */
const stateTimeZones: Record<UsStateCode, string> = {
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  IN: 'America/Indiana/Indianapolis',
  KY: 'America/New_York',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NY: 'America/New_York',
  NC: 'America/New_York',
  OH: 'America/New_York',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WV: 'America/New_York',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  IL: 'America/Chicago',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  LA: 'America/Chicago',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  NE: 'America/Chicago',
  ND: 'America/Chicago',
  OK: 'America/Chicago',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  WI: 'America/Chicago',
  CO: 'America/Denver',
  ID: 'America/Boise',
  MT: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  WY: 'America/Denver',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
};

/** The patient's zone for a USPS state code, or null for a code not in the table. */
export function patientTimeZone(state: string): string | null {
  return stateTimeZones[state.trim().toUpperCase() as UsStateCode] ?? null;
}
