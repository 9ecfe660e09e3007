import { TwoStepNeeded as Notice } from '../ui/two-step-needed';

/** Visit notes need a session verified with a second factor (as patient details do). */
export function TwoStepNeeded() {
  return (
    <Notice title="Visit notes need two-step verification." verifyTo="to see them" setUpThen="then come back to this visit">
      To protect patient information, CareRelay shows visit notes only after you verify it’s you with a second factor.
    </Notice>
  );
}
