import { Clock, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { AccountStatus as Status } from '../../domain/accounts';
import { support } from '../../domain/site';
import { cn } from '../ui/cn';
import { PageMeta } from '../ui/page-meta';

const badges: Record<Exclude<Status, 'approved'>, { label: string; className: string }> = {
  pending: { label: 'Pending review', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
  rejected: { label: 'Not approved', className: 'bg-red-100 text-red-800 ring-red-300' },
};

/**
 * What a pending or rejected account sees in place of any dashboard page: its status, and the way to
 * complete or review its profile. The server refuses everything else to such accounts anyway.
 */
export function AccountStatusPage({ status, therapist = false }: { status: Exclude<Status, 'approved'>; therapist?: boolean }) {
  const badge = badges[status];
  const Icon = status === 'pending' ? Clock : XCircle;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <PageMeta title="Account Status" description="The review status of your CareRelay account." />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <Icon className={cn('size-8', status === 'pending' ? 'text-yellow-600' : 'text-red-700')} aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">Account status</h1>
          <span className={cn('rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset', badge.className)}>{badge.label}</span>
        </div>
        {status === 'pending' ? (
          <p className="mt-4 text-slate-700">
            Your account is pending review. Our team will reach out within {support.signupReview}.
          </p>
        ) : (
          <p className="mt-4 text-slate-700">
            Your account was not approved, so the marketplace is not available to you. If you think this is a mistake or your
            details have changed, please{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline hover:no-underline">
              contact our team
            </Link>{' '}
            or email{' '}
            <a href={`mailto:${support.email}`} className="font-semibold text-brand-700 underline hover:no-underline">
              {support.email}
            </a>
            .
          </p>
        )}
        <p className="mt-4 text-slate-700">
          <Link to="/onboarding" className="font-semibold text-brand-700 underline hover:no-underline">
            {status === 'pending' ? 'Complete or review your profile' : 'Review your profile'}
          </Link>{' '}
          — your professional details help us review your account.
        </p>
        {therapist && (
          <p className="mt-4 text-slate-700">
            <Link to="/dashboard/therapist/credentials" className="font-semibold text-brand-700 underline hover:no-underline">
              Add your credentials
            </Link>{' '}
            — a manager verifies your license, NPI and the other required credentials before approving your account.
          </p>
        )}
      </div>
    </div>
  );
}
