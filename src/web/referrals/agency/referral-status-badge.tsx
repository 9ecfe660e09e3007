import { Ban, CheckCircle2, CircleDashed, Clock, FilePen, Hourglass, Radio } from 'lucide-react';
import type { ReferralStatus } from '../../../domain/referrals';
import { cn } from '../../ui/cn';

export const referralStatusLabels: Record<ReferralStatus, string> = {
  draft: 'Draft',
  posted: 'Posted',
  matched: 'Matched',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

// The word and an icon carry the status as well as the colour, so it never rests on colour alone.
const styles: Record<ReferralStatus, { className: string; Icon: typeof Clock }> = {
  draft: { className: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: FilePen },
  posted: { className: 'bg-blue-100 text-blue-900 ring-blue-600/30', Icon: Radio },
  matched: { className: 'bg-green-100 text-green-900 ring-green-600/30', Icon: CheckCircle2 },
  in_progress: { className: 'bg-green-100 text-green-900 ring-green-600/30', Icon: Clock },
  completed: { className: 'bg-green-100 text-green-900 ring-green-600/30', Icon: CheckCircle2 },
  cancelled: { className: 'bg-red-100 text-red-900 ring-red-600/30', Icon: Ban },
  expired: { className: 'bg-amber-100 text-amber-900 ring-amber-600/30', Icon: Hourglass },
};

export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const { className, Icon } = styles[status] ?? { className: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: CircleDashed };
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', className)}
    >
      <Icon className="size-3.5" aria-hidden />
      {referralStatusLabels[status] ?? status}
    </span>
  );
}
