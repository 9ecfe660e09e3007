import type { SignupItem } from '../../domain/admin';
import { Button } from '../ui/button';

export interface ReviewHandlers {
  onApprove: (item: SignupItem) => void;
  onReject: (item: SignupItem) => void;
  /** The account whose approval is on its way, if any. */
  approvingId: string | undefined;
}

/** Approve and Reject for a pending account; reviewed accounts show no buttons. */
export function ReviewActions({ item, onApprove, onReject, approvingId }: ReviewHandlers & { item: SignupItem }) {
  if (item.status !== 'pending') return null;
  const approving = approvingId === item.id;
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => onApprove(item)} disabled={approvingId !== undefined} aria-label={`Approve ${item.name}`}>
        {approving ? 'Approving…' : 'Approve'}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        className="text-red-700 ring-red-200 hover:bg-red-50"
        onClick={() => onReject(item)}
        disabled={approving}
        aria-label={`Reject ${item.name}`}
      >
        Reject
      </Button>
    </div>
  );
}
