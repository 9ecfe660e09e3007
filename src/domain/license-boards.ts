import type { Discipline } from './accounts';

/**
 * Where a manager looks a license up at the state board that issued it, for the verification
 * screen. Only states whose public lookup we could name with confidence are listed; any other state
 * falls back to the national body's directory (FSBPT for physical therapy, which links each state's
 * lookup; NBCOT for occupational therapy), and the screen says which one it is. Speech therapy
 * licenses use the same state-wide lookups where a state has one.
 */

export interface BoardLookup {
  url: string;
  /** What the link is, in words a manager reads ("State board lookup (Texas ECPTOTE)"). */
  label: string;
  /** False when this is the national fallback, not the state's own board. */
  stateBoard: boolean;
}

type Profession = 'pt' | 'ot';

/** One lookup serves every profession in states whose licensing agency searches all licenses. */
const allProfessions = (name: string, url: string) => ({ pt: { name, url }, ot: { name, url } });

const boards: Record<string, Record<Profession, { name: string; url: string }>> = {
  TX: {
    pt: { name: 'Texas ECPTOTE', url: 'https://ptot.texas.gov/pt-license-search/' },
    ot: { name: 'Texas ECPTOTE', url: 'https://ptot.texas.gov/' },
  },
  CA: allProfessions('California DCA license search', 'https://search.dca.ca.gov/'),
  FL: allProfessions('Florida Department of Health', 'https://mqa-internet.doh.state.fl.us/MQASearchServices/HealthCareProviders'),
  NY: allProfessions('NYSED Office of the Professions', 'https://www.op.nysed.gov/verification-search'),
  IL: allProfessions('Illinois IDFPR', 'https://online-dfpr.micropact.com/lookup/licenselookup.aspx'),
  PA: allProfessions('Pennsylvania PALS', 'https://www.pals.pa.gov/#/page/search'),
  OH: allProfessions('Ohio eLicense', 'https://elicense.ohio.gov/oh_verifylicense'),
  GA: allProfessions('Georgia Secretary of State', 'https://verify.sos.ga.gov/verification/'),
  NJ: allProfessions('New Jersey Division of Consumer Affairs', 'https://newjersey.mylicense.com/verification/'),
  WA: allProfessions('Washington DOH provider search', 'https://fortress.wa.gov/doh/providercredentialsearch/'),
  VA: allProfessions('Virginia Department of Health Professions', 'https://dhp.virginiainteractive.org/Lookup/Index'),
  MI: allProfessions('Michigan LARA', 'https://www.lara.michigan.gov/colaLicVerify/'),
};

const fallbacks: Record<Profession, BoardLookup> = {
  pt: { url: 'https://www.fsbpt.org/Free-Resources/License-Verification', label: 'FSBPT license verification (links to each state board)', stateBoard: false },
  ot: { url: 'https://www.nbcot.org/', label: 'NBCOT (national certification; find the state board from there)', stateBoard: false },
};

const professionOf = (discipline: Discipline | null | undefined): Profession => (discipline === 'OT' || discipline === 'COTA' ? 'ot' : 'pt');

/** The lookup for a license issued by `state` (USPS code) to a therapist of `discipline`. */
export function boardLookupFor(state: string, discipline: Discipline | null | undefined): BoardLookup {
  const profession = professionOf(discipline);
  const board = boards[state.trim().toUpperCase()]?.[profession];
  if (!board) return fallbacks[profession];
  return { url: board.url, label: `State board lookup (${board.name})`, stateBoard: true };
}
