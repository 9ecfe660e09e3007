/** Who uses CareRelay and what they offer (seed sections 3 and 9). */

export const userTypes = ['agency', 'therapist', 'manager'] as const;
export type UserType = (typeof userTypes)[number];

export const accountStatuses = ['pending', 'approved', 'rejected'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const disciplines = ['PT', 'PTA', 'OT', 'COTA', 'ST'] as const;
export type Discipline = (typeof disciplines)[number];

export const disciplineNames: Record<Discipline, string> = {
  PT: 'Physical Therapist',
  PTA: 'Physical Therapist Assistant',
  OT: 'Occupational Therapist',
  COTA: 'Certified Occupational Therapy Assistant',
  ST: 'Speech Therapist',
};

export const serviceTypes = [
  { id: 'evaluation', name: 'Initial Evaluation', defaultRate: 150 },
  { id: 'treatment', name: 'Treatment Session', defaultRate: 100 },
  { id: 'progress_report', name: 'Progress Report', defaultRate: 75 },
  { id: 'discharge', name: 'Discharge Summary', defaultRate: 100 },
] as const;
export type ServiceTypeId = (typeof serviceTypes)[number]['id'];

export const DEFAULT_SERVICE_RADIUS_MILES = 25;
