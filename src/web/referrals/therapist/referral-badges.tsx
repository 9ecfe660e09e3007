import { AlertTriangle, CheckCircle2, Clock, MessageSquare, Timer, XCircle } from 'lucide-react';
import type { ResponseStatus } from '../../../domain/referrals';
import { urgencyLabels, type Urgency } from '../../../domain/referral-urgency';
import { cn } from '../../ui/cn';
import { responseStatusLabels } from './format';

const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

// The word and an icon carry the urgency too, so it does not rest on colour alone.
const urgencyStyles: Record<Urgency, { className: string; Icon: typeof Clock }> = {
  routine: { className: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: Clock },
  soon: { className: 'bg-amber-100 text-amber-900 ring-amber-600/30', Icon: Timer },
  urgent: { className: 'bg-red-100 text-red-900 ring-red-600/30', Icon: AlertTriangle },
};

export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  const { className, Icon } = urgencyStyles[urgency];
  return (
    <span data-urgency={urgency} className={cn(badge, className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {urgencyLabels[urgency]}
    </span>
  );
}

const responseStyles: Record<ResponseStatus, { className: string; Icon: typeof Clock }> = {
  accepted: { className: 'bg-brand-50 text-brand-900 ring-brand-600/30', Icon: CheckCircle2 },
  rate_requested: { className: 'bg-sky-50 text-sky-900 ring-sky-600/30', Icon: MessageSquare },
  countered: { className: 'bg-violet-50 text-violet-900 ring-violet-600/30', Icon: MessageSquare },
  declined: { className: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: XCircle },
  withdrawn: { className: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: XCircle },
  confirmed: { className: 'bg-green-100 text-green-900 ring-green-600/30', Icon: CheckCircle2 },
  not_selected: { className: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: XCircle },
};

/** The therapist's own response to a referral ("You accepted", "The agency made a counter offer"…). */
export function ResponseBadge({ status }: { status: ResponseStatus }) {
  const { className, Icon } = responseStyles[status];
  return (
    <span data-response={status} className={cn(badge, className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {responseStatusLabels[status]}
    </span>
  );
}
