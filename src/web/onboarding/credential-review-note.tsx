import type { CredentialReview } from '../../domain/credential-changes';
import { formatDay } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

/**
 * An approved agency's latest NPI or license change: awaiting review (the approved one stays on
 * record meanwhile), or rejected with the team's reason. A therapist's NPI and license are
 * credentials, whose review shows on their Credentials page.
 */
export function CredentialReviewNote({ review }: { review: CredentialReview | null }) {
  const zone = useTimeZone();
  if (!review) return null;
  if (review.status === 'pending') {
    return (
      <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p className="font-semibold">Your license change awaits review</p>
        <p>
          You submitted a new NPI or license on {formatDay(review.submittedAt, zone)}. Until our team approves it, the license we approved
          before stays on record.
        </p>
      </div>
    );
  }
  return (
    <div role="status" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">Your license change was not approved</p>
      <p>{review.reason ? `Reason: ${review.reason}` : 'Contact us with any questions.'} Your approved license stays in force.</p>
    </div>
  );
}
