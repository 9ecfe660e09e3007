import type { CareClockItem } from '../../domain/care-clock-items';
import { careClockRulesFor } from '../../domain/care-clock-rules';
import { careClocks } from '../../domain/care-clocks';
import type { CareFacts } from './queries';

/**
 * The clocks of one referral at `now` under its patient's state rules. No agency keeps a stricter
 * policy yet and no orders are approved on the platform yet (care-orders.ts is not stored), so the
 * discharge clock and co-signatures do not run; the start of care, reassessment and supervisory
 * visit clocks do.
 */
export function clocksOf(facts: CareFacts, now: Date): CareClockItem[] {
  return careClocks({
    referral: facts.referral,
    visits: facts.visits,
    carePlanEndDate: null,
    rules: careClockRulesFor(facts.referral.patientState),
    now,
  });
}
