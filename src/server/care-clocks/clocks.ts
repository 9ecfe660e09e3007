import type { CareClockItem } from '../../domain/care-clock-items';
import { careClockRulesFor } from '../../domain/care-clock-rules';
import { careClocks } from '../../domain/care-clocks';
import { ordersEndDate } from '../../domain/care-orders';
import type { CareFacts } from './queries';

/**
 * The clocks of one referral at `now` under its patient's state rules; the discharge clock runs to
 * the end of its approved orders; the agency's policy adds co-signature of assistant notes where it asks for it.
 */
export function clocksOf(facts: CareFacts, now: Date): CareClockItem[] {
  return careClocks({
    referral: facts.referral,
    visits: facts.visits,
    carePlanEndDate: ordersEndDate(facts.orders),
    rules: careClockRulesFor(facts.referral.patientState, facts.policy),
    now,
  });
}
