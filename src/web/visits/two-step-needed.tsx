import { TwoStepNeeded as Notice } from '../ui/two-step-needed';

/** Visit details and changes need a session verified with a second factor (like patient details). */
export function TwoStepNeeded() {
  return (
    <Notice title="Visits need two-step verification." verifyTo="to continue" setUpThen="then come back">
      Visits are part of a patient’s care record, so CareRelay shows and changes them only after you verify it’s you with a second factor.
    </Notice>
  );
}
