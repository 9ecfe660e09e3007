import { npiWithCheckDigit } from '../../domain/npi';
import { demoTherapists } from '../demo/demo-people';
import { taxonomyByDiscipline } from './nppes-judgement';
import type { NppesAnswer, NppesRecord, NppesRegistry } from './nppes-registry';

/** Where stand-in checks say they came from, so nobody mistakes one for NPPES. */
export const STAND_IN_REGISTRY_NOTE = 'Checked against the built-in stand-in registry, not NPPES.';

/**
 * The built-in stand-in for the NPPES registry, used outside production when NPPES_API_URL is not
 * set: it knows the demo therapists' NPIs (an active individual record with their name and their
 * discipline's taxonomy, in the NPI Registry API's shape) and answers `result_count: 0` for any
 * other number.
 */
export function createNppesStandIn(): NppesRegistry {
  const records = new Map<string, NppesRecord>(
    demoTherapists.map((therapist) => {
      const number = npiWithCheckDigit(therapist.npiBase);
      const taxonomy = taxonomyByDiscipline[therapist.discipline];
      const record: NppesRecord = {
        number,
        enumeration_type: 'NPI-1',
        basic: { first_name: therapist.firstName.toUpperCase(), last_name: therapist.lastName.toUpperCase(), status: 'A' },
        taxonomies: [{ code: taxonomy.code, desc: taxonomy.name, primary: true, state: therapist.licenseState, license: therapist.licenseNumber }],
      };
      return [number, record];
    }),
  );
  return {
    kind: 'stand-in',
    queryUrl: (npi) => `stand-in registry (not NPPES): number=${npi}`,
    async lookup(npi): Promise<NppesAnswer> {
      const record = records.get(npi);
      return record ? { result_count: 1, results: [record] } : { result_count: 0, results: [] };
    },
  };
}
