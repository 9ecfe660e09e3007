import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { AccountStatus } from '../../domain/accounts';
import { accountStatusLabels } from '../../domain/admin';
import { cn } from '../ui/cn';

// Seed section 4: pending yellow, approved green, rejected red; the word and an icon carry the
// status too, so it does not rest on colour alone.
const styles: Record<AccountStatus, { className: string; Icon: typeof Clock }> = {
  pending: { className: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30', Icon: Clock },
  approved: { className: 'bg-green-100 text-green-900 ring-green-600/30', Icon: CheckCircle2 },
  rejected: { className: 'bg-red-100 text-red-900 ring-red-600/30', Icon: XCircle },
};

export function StatusBadge({ status }: { status: AccountStatus }) {
  const { className, Icon } = styles[status];
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', className)}
    >
      <Icon className="size-3.5" aria-hidden />
      {accountStatusLabels[status]}
    </span>
  );
}
