import type { Article } from '../../domain/content';
import { buildingAFlexiblePerVisitHomeHealthCareer } from './building-a-flexible-per-visit-home-health-career';
import { hipaaBasicsForHomeHealth } from './hipaa-basics-for-home-health';
import { homeVisitSafetyForClinicians } from './home-visit-safety-for-clinicians';
import { howOnDemandStaffingCutsReferralFillTime } from './how-on-demand-staffing-cuts-referral-fill-time';
import { oasisAndVisitDocumentationBestPractices } from './oasis-and-visit-documentation-best-practices';
import { pdgmAndTherapyStaffing } from './pdgm-and-therapy-staffing';
import { perVisitPayRatesExplained } from './per-visit-pay-rates-explained';

/** Every published article, newest first. Each lives in its own file beside this one. */
export const articles: Article[] = [
  howOnDemandStaffingCutsReferralFillTime,
  buildingAFlexiblePerVisitHomeHealthCareer,
  perVisitPayRatesExplained,
  oasisAndVisitDocumentationBestPractices,
  pdgmAndTherapyStaffing,
  homeVisitSafetyForClinicians,
  hipaaBasicsForHomeHealth,
];
