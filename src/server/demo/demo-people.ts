import type { AccountStatus, Discipline } from '../../domain/accounts';

/**
 * The fixed cast of the demo: four agencies in four US metros, three therapists near each, and one
 * platform manager. Everything is a constant so every seeded database looks the same; only license
 * expiry dates move with today's date so they never lapse. Emails use the reserved `.test` domain
 * and phone numbers the 555-01xx range set aside for fiction, so no real person is ever contacted.
 */

export const DEMO_EMAIL_DOMAIN = 'demo.carerelay.test';

export interface DemoAgency {
  key: string;
  companyName: string;
  contactPhone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  status: AccountStatus;
}

export interface DemoTherapist {
  key: string;
  firstName: string;
  lastName: string;
  phone: string;
  discipline: Discipline;
  /** A real ZIP in or near the metro of one of the agencies. */
  zipCode: string;
  licenseState: string;
  /** The first nine digits; the check digit is computed, so every NPI passes the NPI check. */
  npiBase: string;
  licenseNumber: string;
  /** Months from today until the license expires. */
  licenseMonthsLeft: number;
  /** Days from today until the CPR/BLS card expires, for one who renews soon (managers' Expiring soon list); else as the insurance. */
  cprDaysLeft?: number;
  serviceRadiusMiles: number;
  yearsExperience: number;
  /** Percent above (or below) the default rate of every service; assistants charge less. */
  rateAdjustmentPercent: number;
  status: AccountStatus;
}

export interface DemoManager {
  key: string;
  firstName: string;
  lastName: string;
  phone: string;
}

export const demoAgencies: readonly DemoAgency[] = [
  {
    key: 'hill-country-home-health',
    companyName: 'Hill Country Home Health',
    contactPhone: '(512) 555-0142',
    address: '600 Congress Ave, Suite 1400',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    status: 'approved',
  },
  {
    key: 'bayshore-home-care',
    companyName: 'Bayshore Home Care Partners',
    contactPhone: '(813) 555-0118',
    address: '401 E Jackson St, Suite 2300',
    city: 'Tampa',
    state: 'FL',
    zipCode: '33602',
    status: 'approved',
  },
  {
    key: 'buckeye-home-health',
    companyName: 'Buckeye Home Health Services',
    contactPhone: '(614) 555-0167',
    address: '250 S High St, Floor 6',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43215',
    status: 'approved',
  },
  {
    key: 'desert-bloom-home-health',
    companyName: 'Desert Bloom Home Health',
    contactPhone: '(602) 555-0189',
    address: '2 N Central Ave, Suite 1800',
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85004',
    status: 'pending',
  },
];

export const demoTherapists: readonly DemoTherapist[] = [
  // Austin, TX
  {
    key: 'maria-delgado',
    firstName: 'Maria',
    lastName: 'Delgado',
    phone: '(512) 555-0103',
    discipline: 'PT',
    zipCode: '78704',
    licenseState: 'TX',
    npiBase: '152038841',
    licenseNumber: 'PT1187432',
    licenseMonthsLeft: 19,
    serviceRadiusMiles: 25,
    yearsExperience: 11,
    rateAdjustmentPercent: 10,
    status: 'approved',
  },
  {
    key: 'david-nguyen',
    firstName: 'David',
    lastName: 'Nguyen',
    phone: '(512) 555-0126',
    discipline: 'OT',
    zipCode: '78664',
    licenseState: 'TX',
    npiBase: '137609425',
    licenseNumber: 'OT1042917',
    licenseMonthsLeft: 8,
    cprDaysLeft: 25,
    serviceRadiusMiles: 30,
    yearsExperience: 7,
    rateAdjustmentPercent: 5,
    status: 'approved',
  },
  {
    key: 'keisha-brooks',
    firstName: 'Keisha',
    lastName: 'Brooks',
    phone: '(512) 555-0171',
    discipline: 'PTA',
    zipCode: '78745',
    licenseState: 'TX',
    npiBase: '168245710',
    licenseNumber: 'PTA1093358',
    licenseMonthsLeft: 14,
    serviceRadiusMiles: 20,
    yearsExperience: 4,
    rateAdjustmentPercent: -15,
    status: 'approved',
  },
  // Tampa, FL
  {
    key: 'james-okafor',
    firstName: 'James',
    lastName: 'Okafor',
    phone: '(813) 555-0134',
    discipline: 'PT',
    zipCode: '33606',
    licenseState: 'FL',
    npiBase: '124871036',
    licenseNumber: 'PT 31844',
    licenseMonthsLeft: 22,
    serviceRadiusMiles: 35,
    yearsExperience: 16,
    rateAdjustmentPercent: 15,
    status: 'approved',
  },
  {
    key: 'lauren-whitfield',
    firstName: 'Lauren',
    lastName: 'Whitfield',
    phone: '(813) 555-0152',
    discipline: 'ST',
    zipCode: '33511',
    licenseState: 'FL',
    npiBase: '143390582',
    licenseNumber: 'SA 18263',
    licenseMonthsLeft: 11,
    serviceRadiusMiles: 25,
    yearsExperience: 9,
    rateAdjustmentPercent: 8,
    status: 'approved',
  },
  {
    key: 'carlos-rivera',
    firstName: 'Carlos',
    lastName: 'Rivera',
    phone: '(727) 555-0195',
    discipline: 'COTA',
    zipCode: '33701',
    licenseState: 'FL',
    npiBase: '185126643',
    licenseNumber: 'OTA 9127',
    licenseMonthsLeft: 6,
    serviceRadiusMiles: 40,
    yearsExperience: 3,
    rateAdjustmentPercent: -12,
    status: 'pending',
  },
  // Columbus, OH
  {
    key: 'emily-schroeder',
    firstName: 'Emily',
    lastName: 'Schroeder',
    phone: '(614) 555-0109',
    discipline: 'OT',
    zipCode: '43085',
    licenseState: 'OH',
    npiBase: '119475208',
    licenseNumber: 'OT.008415',
    licenseMonthsLeft: 17,
    serviceRadiusMiles: 20,
    yearsExperience: 13,
    rateAdjustmentPercent: 6,
    status: 'approved',
  },
  {
    key: 'marcus-bell',
    firstName: 'Marcus',
    lastName: 'Bell',
    phone: '(614) 555-0147',
    discipline: 'PT',
    zipCode: '43230',
    licenseState: 'OH',
    npiBase: '176230954',
    licenseNumber: 'PT.014772',
    licenseMonthsLeft: 28,
    serviceRadiusMiles: 25,
    yearsExperience: 6,
    rateAdjustmentPercent: 0,
    status: 'approved',
  },
  {
    key: 'priya-raman',
    firstName: 'Priya',
    lastName: 'Raman',
    phone: '(614) 555-0183',
    discipline: 'ST',
    zipCode: '43017',
    licenseState: 'OH',
    npiBase: '130958817',
    licenseNumber: 'SLP.11938',
    licenseMonthsLeft: 9,
    serviceRadiusMiles: 15,
    yearsExperience: 5,
    rateAdjustmentPercent: 4,
    status: 'pending',
  },
  // Phoenix, AZ
  {
    key: 'sofia-martinez',
    firstName: 'Sofia',
    lastName: 'Martinez',
    phone: '(602) 555-0114',
    discipline: 'PT',
    zipCode: '85016',
    licenseState: 'AZ',
    npiBase: '162718390',
    licenseNumber: 'PT-12407',
    licenseMonthsLeft: 13,
    serviceRadiusMiles: 30,
    yearsExperience: 10,
    rateAdjustmentPercent: 8,
    status: 'approved',
  },
  {
    key: 'tyler-jensen',
    firstName: 'Tyler',
    lastName: 'Jensen',
    phone: '(480) 555-0158',
    discipline: 'PTA',
    zipCode: '85281',
    licenseState: 'AZ',
    npiBase: '147053266',
    licenseNumber: 'PTA-5531',
    licenseMonthsLeft: 7,
    serviceRadiusMiles: 35,
    yearsExperience: 2,
    rateAdjustmentPercent: -18,
    status: 'rejected',
  },
  {
    key: 'grace-holloway',
    firstName: 'Grace',
    lastName: 'Holloway',
    phone: '(480) 555-0176',
    discipline: 'COTA',
    zipCode: '85251',
    licenseState: 'AZ',
    npiBase: '158864021',
    licenseNumber: 'OTA-2864',
    licenseMonthsLeft: 20,
    serviceRadiusMiles: 25,
    yearsExperience: 8,
    rateAdjustmentPercent: -10,
    status: 'approved',
  },
];

export const demoManager: DemoManager = {
  key: 'jordan-ellis',
  firstName: 'Jordan',
  lastName: 'Ellis',
  phone: '(888) 555-0100',
};
