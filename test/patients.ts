import type { PatientInput } from '../src/domain/patients';

/**
 * Valid patient details (a knee patient in Austin, 78704), for tests whose subject is not the
 * details themselves; any field can be overridden.
 */
export function patientInput(overrides: Partial<PatientInput> = {}): PatientInput {
  return {
    firstName: 'Dolores',
    lastName: 'Abernathy',
    dateOfBirth: '1948-03-14',
    addressLine: '1200 Sweetwater Lane',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    phone: '(512) 555-0142',
    emergencyContactName: 'Teddy Flood',
    emergencyContactPhone: '+1 512 555 0177',
    diagnosisCode: 'M17.11',
    diagnosisDescription: 'Unilateral primary osteoarthritis, right knee',
    referringPhysician: 'Dr. Robert Ford',
    payer: 'Medicare Part A',
    careNotes: '',
    ...overrides,
  };
}
