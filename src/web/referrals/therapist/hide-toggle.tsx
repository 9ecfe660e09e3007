import { EyeOff, Eye } from 'lucide-react';
import type { TherapistReferral } from '../../../domain/referrals';
import { useHideReferral } from '../../api/referrals';
import { Button } from '../../ui/button';
import { ActionFeedbackArea, useActionFeedback } from './action-feedback';

/** Hide a referral from the open list (it waits under Hidden), or bring it back. */
export function HideToggle({ referral }: { referral: TherapistReferral }) {
  const hide = useHideReferral(referral.id);
  const feedback = useActionFeedback();
  const { run } = feedback;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        {referral.hidden ? (
          <Button variant="secondary" disabled={hide.isPending} onClick={() => void run(() => hide.mutateAsync(false), 'The referral is back in your open list.')}>
            <Eye className="size-4" aria-hidden />
            Unhide
          </Button>
        ) : (
          <Button variant="secondary" disabled={hide.isPending} onClick={() => void run(() => hide.mutateAsync(true), 'Hidden. You can find it under Hidden.')}>
            <EyeOff className="size-4" aria-hidden />
            Hide
          </Button>
        )}
        <p className="text-sm text-slate-600">
          {referral.hidden ? 'Hidden from your open list.' : 'Not interested? Hide it from your open list.'}
        </p>
      </div>
      <ActionFeedbackArea feedback={feedback} />
    </div>
  );
}
