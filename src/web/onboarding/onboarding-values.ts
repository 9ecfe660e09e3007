import { DEFAULT_SERVICE_RADIUS_MILES } from '../../domain/accounts';
import { defaultRates, professionalInfoFields, type OnboardingInput, type OnboardingState } from '../../domain/onboarding';
import { browserTimeZone } from '../ui/use-time-zone';

/** The form's starting values: what the server has saved, or its defaults. */
export function formDefaults(state: OnboardingState): OnboardingInput {
  const { profile } = state;
  const step1 = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    npiNumber: profile.npiNumber,
    licenseNumber: profile.licenseNumber,
    // An empty select shows its "Select a state" option; zod names the field when it is left so.
    licenseState: profile.licenseState as OnboardingInput['licenseState'],
    licenseExpiry: profile.licenseExpiry,
    // Asked once here: the zone this browser runs in is the likely answer.
    timeZone: state.timeZone ?? browserTimeZone(),
  };
  if (state.userType === 'agency') return { ...step1, userType: 'agency' };
  return {
    ...step1,
    userType: 'therapist',
    rates: state.rates ?? defaultRates,
    serviceRadiusMiles: state.serviceRadiusMiles ?? DEFAULT_SERVICE_RADIUS_MILES,
  };
}

/** Every field the server may name in its errors, as react-hook-form paths. */
export const formFieldNames: readonly string[] = [
  ...professionalInfoFields,
  'rates.evaluation',
  'rates.treatment',
  'rates.progress_report',
  'rates.discharge',
  'serviceRadiusMiles',
];

export function isStep1Field(name: string): boolean {
  return (professionalInfoFields as readonly string[]).includes(name);
}

/** Step 1's labels: a therapist's own details, or an agency's contact person and license. */
export function professionalInfoLabels(userType: OnboardingState['userType']) {
  return userType === 'agency'
    ? {
        intro: "Tell us who to contact at your agency and give the agency's NPI and license.",
        firstName: 'Contact first name',
        lastName: 'Contact last name',
        npiNumber: 'Agency NPI',
        licenseNumber: 'Agency license number',
        licenseState: 'Agency license state',
        licenseExpiry: 'Agency license expiry',
        timeZone: 'Your time zone',
      }
    : {
        intro: 'Your details as they appear on your license. Agencies see them when you accept a referral.',
        firstName: 'First name',
        lastName: 'Last name',
        npiNumber: 'NPI number',
        licenseNumber: 'License number',
        licenseState: 'License state',
        licenseExpiry: 'License expiry',
        timeZone: 'Your time zone',
      };
}
