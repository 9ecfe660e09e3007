import { CheckCircle2, Clock, TimerOff, XCircle } from 'lucide-react';
import { credentialStatusLabel, type CredentialView } from '../../domain/credential-views';
import type { CredentialStatus } from '../../domain/credentials';
import { cn } from '../ui/cn';
import { formatDay } from '../referrals/agency/format';

// The word and an icon carry the status too, so it does not rest on color alone.
const styles: Record<CredentialStatus, { className: string; Icon: typeof Clock }> = {
  submitted: { className: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30', Icon: Clock },
  verified: { className: 'bg-green-100 text-green-900 ring-green-600/30', Icon: CheckCircle2 },
  rejected: { className: 'bg-red-100 text-red-900 ring-red-600/30', Icon: XCircle },
  expired: { className: 'bg-slate-200 text-slate-900 ring-slate-500/30', Icon: TimerOff },
};

/** "Awaiting verification", "Verified Nov 2026", "Rejected: reason", "Expired". */
export function CredentialStatusBadge({ credential }: { credential: Pick<CredentialView, 'status' | 'verifiedAt' | 'rejectionReason'> }) {
  const { className, Icon } = styles[credential.status];
  return (
    <span data-status={credential.status} className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {credentialStatusLabel(credential)}
    </span>
  );
}

/** What the list shows of a credential besides its kind: "TX · PT-1234 · expires Dec 31, 2031". */
export function credentialFacts(credential: Pick<CredentialView, 'kind' | 'issuer' | 'number' | 'compactPrivilege' | 'expiresOn'>): string {
  const issuer = credential.kind === 'state_license' && credential.compactPrivilege ? `${credential.issuer} (compact privilege)` : credential.issuer;
  return [issuer, credential.number, credential.expiresOn ? `expires ${formatDay(credential.expiresOn)}` : ''].filter(Boolean).join(' · ');
}
