import { AlertTriangle, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useReferralStanding } from '../../api/referrals';
import { Button } from '../../ui/button';

const fixText = (kind: string) => (kind === 'late_notes' ? 'Write your overdue notes' : 'Go to Credentials');

/**
 * On the Referrals page: when the therapist is not offered new referrals, the reasons (credentials
 * missing, unverified or expired, a suspension, late notes), each with a link to where it is fixed.
 * Nothing shows while they are offered referrals as usual.
 */
export function ReferralsPausedNotice() {
  const standing = useReferralStanding();
  const titleId = useId();
  if (standing.isPending) return null;
  if (standing.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        <span>We could not check whether you are being offered new referrals.</span>
        <Button variant="secondary" onClick={() => void standing.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { reasons } = standing.data;
  if (reasons.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-amber-950">
        <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden />
        You are not being offered new referrals
      </h2>
      <ul className="space-y-2">
        {reasons.map((reason) => (
          <li key={`${reason.kind}-${reason.message}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <span className="min-w-0 break-words text-slate-900">{reason.message}</span>
            <Link
              to={reason.link}
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {fixText(reason.kind)}
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
