import { BadgeCheck, CalendarClock, Store, UserCheck, Wallet } from 'lucide-react';
import { useSignups } from '../api/admin';
import { ApiError } from '../api/client';
import { useCredentialQueue } from '../api/credentials';
import { QuickAction, Section } from '../dashboard/dashboard-ui';
import { AttentionList } from '../dashboard/attention-list';
import { MarketplaceFigures } from '../dashboard/marketplace-figures';
import { PageMeta } from '../ui/page-meta';
import { MfaRequiredPanel, NoAccessPanel } from './access-panels';
import { CredentialChangesPanel } from './credential-changes-panel';
import { NoticeBanner } from './notice-banner';
import { useNotice } from './use-notice';
import { UndeliveredSummary } from './undelivered-summary';

/** Only the count is shown here: the list itself is the Sign-ups page. */
const PENDING_COUNT = { status: 'pending', page: 1, pageSize: 1 } as const;

function toVerifyText(total: number | undefined): string {
  if (total === undefined) return "Check therapists' credentials against their documents and the state board.";
  if (total === 0) return 'No credentials are awaiting verification.';
  return `${total} ${total === 1 ? 'credential is' : 'credentials are'} awaiting verification.`;
}

function pendingText(total: number | undefined): string {
  if (total === undefined) return 'Approve or reject new agencies and therapists, and invite managers.';
  if (total === 0) return 'No sign-ups are waiting for review.';
  return `${total} ${total === 1 ? 'sign-up is' : 'sign-ups are'} waiting for review.`;
}

/**
 * /dashboard/admin: the manager's overview — sign-ups and credential changes waiting for review, the
 * marketplace's figures, and the way to each admin page.
 */
export function AdminDashboard() {
  const pending = useSignups(PENDING_COUNT);
  const toVerify = useCredentialQueue();
  const { notice, show, dismiss } = useNotice();
  const error = pending.error instanceof ApiError ? pending.error : undefined;
  const denied = error?.code === 'MFA_REQUIRED' || error?.code === 'FORBIDDEN' || error?.code === 'UNAUTHENTICATED';

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8 sm:px-6">
      <PageMeta title="Admin Dashboard" description="The CareRelay admin overview: sign-ups and credential changes to review, and marketplace figures." />
      <header>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">Dashboard</h1>
      </header>

      {error?.code === 'MFA_REQUIRED' && <MfaRequiredPanel />}
      {error?.code === 'FORBIDDEN' && <NoAccessPanel message={error.message} />}
      {error?.code === 'UNAUTHENTICATED' && <NoAccessPanel message="Your session has ended. Please log in again." />}

      {!denied && (
        <>
          <AttentionList role="manager" />
          <Section title="Review" id="admin-review">
            <nav aria-label="Admin pages" className="grid gap-4 md:grid-cols-3">
              <QuickAction to="/dashboard/admin/signups?status=pending" icon={<UserCheck className="size-6" aria-hidden />} title="User Signups">
                {pendingText(pending.data?.total)}
              </QuickAction>
              <QuickAction to="/dashboard/admin/credentials" icon={<BadgeCheck className="size-6" aria-hidden />} title="Credentials to verify">
                {toVerifyText(toVerify.data?.total)}
              </QuickAction>
              <QuickAction to="/dashboard/admin/referrals" icon={<Store className="size-6" aria-hidden />} title="Referrals and eligibility">
                Every referral, and why each therapist was or was not notified.
              </QuickAction>
              <QuickAction to="/dashboard/admin/payments" icon={<Wallet className="size-6" aria-hidden />} title="Payments">
                Invoice lines and payouts: mark them paid, retry failures, export CSV.
              </QuickAction>
              <QuickAction to="/dashboard/admin/expiring-credentials" icon={<CalendarClock className="size-6" aria-hidden />} title="Expiring soon">
                Therapists' credentials that have expired or expire within 60 days, and whether each was reminded.
              </QuickAction>
            </nav>
          </Section>
          <UndeliveredSummary />
          <CredentialChangesPanel onReviewed={(text, tone) => show({ tone, text })} />
          <MarketplaceFigures />
        </>
      )}
      <NoticeBanner notice={notice} onDismiss={dismiss} />
    </div>
  );
}
