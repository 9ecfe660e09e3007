import { and, asc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../domain/uuid';
import type { Db } from '../db/client';
import { agencyProfiles, referralServices, referrals, serviceTypesTable, therapistProfiles, userProfiles } from '../db/schema/index';

/** What a referral's export carries of the referral itself (nothing on it identifies the patient). */
export interface ExportReferral {
  id: string;
  referenceNumber: number;
  agencyId: string;
  agencyName: string;
  status: (typeof referrals.$inferSelect)['status'];
  discipline: string;
  visitFrequency: string;
  startBy: string;
  orderedStartOfCare: string | null;
  clinicalSummary: string;
  postedAt: Date | null;
  createdAt: Date;
  matchedTherapistId: string | null;
}

/** The referral when `agencyId` owns it; null otherwise (tenant scoping in the where clause). */
export async function findReferralOfAgency(db: Db, referralId: string, agencyId: string): Promise<ExportReferral | null> {
  if (!isUuid(referralId)) return null;
  const [row] = await db
    .select({
      id: referrals.id,
      referenceNumber: referrals.referenceNumber,
      agencyId: referrals.agencyId,
      agencyName: agencyProfiles.companyName,
      status: referrals.status,
      discipline: referrals.discipline,
      visitFrequency: referrals.visitFrequency,
      startBy: referrals.startBy,
      orderedStartOfCare: referrals.orderedStartOfCare,
      clinicalSummary: referrals.clinicalSummary,
      postedAt: referrals.postedAt,
      createdAt: referrals.createdAt,
      matchedTherapistId: referrals.matchedTherapistId,
    })
    .from(referrals)
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, referrals.agencyId))
    .where(and(eq(referrals.id, referralId), eq(referrals.agencyId, agencyId)));
  return row ?? null;
}

/** The services the referral orders and how many visits of each. */
export function referralOrderLines(db: Db, referralId: string) {
  return db
    .select({ serviceId: referralServices.serviceId, serviceName: serviceTypesTable.name, visitCount: referralServices.visitCount })
    .from(referralServices)
    .innerJoin(serviceTypesTable, eq(serviceTypesTable.id, referralServices.serviceId))
    .where(eq(referralServices.referralId, referralId))
    .orderBy(asc(serviceTypesTable.sortOrder));
}

export interface ExportPractitioner {
  id: string;
  firstName: string;
  lastName: string;
  npi: string | null;
}

/** The therapists who worked on the referral, with the NPI they gave at onboarding. */
export async function practitionersOf(db: Db, therapistIds: string[]): Promise<ExportPractitioner[]> {
  if (therapistIds.length === 0) return [];
  return db
    .select({ id: therapistProfiles.id, firstName: therapistProfiles.firstName, lastName: therapistProfiles.lastName, npi: userProfiles.npiNumber })
    .from(therapistProfiles)
    .leftJoin(userProfiles, eq(userProfiles.id, therapistProfiles.id))
    .where(inArray(therapistProfiles.id, therapistIds))
    .orderBy(asc(therapistProfiles.id));
}
