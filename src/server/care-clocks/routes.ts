import { z } from 'zod';
import { referralCareClocksSchema } from '../../domain/care-clock-view';
import { CARE_DEADLINES_HORIZON_DAYS, CARE_DEADLINES_LIMIT, careDeadlinesSchema } from '../../domain/care-deadlines';
import { callerOf, phiRoute } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { agencyCarePolicyRoutes } from './agency-policy';
import { CARE_CLOCK_ACTIONS, getReferralCareClocks, listMyCareDeadlines } from './service';

// Any string: an id that is no referral's is answered 404 like one the caller cannot see.
const idParams = z.object({ id: z.string().max(100) });

/** Care clocks (Medicare home health rules): what is due on a referral, for its two parties. */
export const careClockRoutes: RoutesPlugin = async (app, deps) => {
  await app.register(agencyCarePolicyRoutes, deps);
  app.get(
    '/referrals/:id/care-clocks',
    {
      schema: {
        tags: ['visits'],
        summary:
          "What is due on the referral under the home health rules (start-of-care evaluation, 30-day reassessment, supervisory visit): what, due by, by whom and whether it is upcoming, due soon or overdue; with the visit types the matched therapist may book. The referral's agency and matched therapist only (others 404)",
        params: idParams,
        response: { 200: referralCareClocksSchema },
      },
      config: phiRoute(CARE_CLOCK_ACTIONS.read, 'referral'),
    },
    async (request) => getReferralCareClocks(deps, { ...callerOf(request), referralId: request.params.id }),
  );
  app.get(
    '/care-clocks',
    {
      schema: {
        tags: ['visits'],
        summary: `The caller's care deadlines across their referrals (an agency's own; a therapist's where they are matched or have a visit): every overdue and due-soon item and the upcoming ones due within ${CARE_DEADLINES_HORIZON_DAYS} days, most pressing first, at most ${CARE_DEADLINES_LIMIT} with the total. Each names its referral by reference and city, never the patient`,
        response: { 200: careDeadlinesSchema },
      },
      config: { auth: { roles: ['agency', 'therapist'], approved: true, audit: { action: CARE_CLOCK_ACTIONS.list, entityType: 'referral' } } },
    },
    async (request) => listMyCareDeadlines(deps, callerOf(request)),
  );
};
