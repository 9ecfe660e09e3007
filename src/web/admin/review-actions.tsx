import type { SignupItem } from '../../domain/admin';
import { Button, ButtonLink } from '../ui/button';

export interface ReviewHandlers {
  onApprove: (item: SignupItem) => void;
  onReject: (item: SignupItem) => void;
  /** The account whose approval is on its way, if any. */
  approvingId: string | undefined;
}

/**
 * Approve and Reject for a pending account (and, for a therapist, their credentials and checks, which
 * approval needs verified); reviewed accounts show no buttons.
 */
export function ReviewActions({ item, onApprove, onReject, approvingId }: ReviewHandlers & { item: SignupItem }) {
  if (item.status !== 'pending') return null;
  const approving = approvingId === item.id;
  return (
    <div className="flex flex-wrap gap-2">
      {item.userType === 'therapist' && (
        <ButtonLink size="sm" variant="secondary" to={`/dashboard/admin/credentials/therapists/${item.id}`} aria-label={`Credentials and checks of ${item.name}`}>
          Credentials
        </ButtonLink>
      )}
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
