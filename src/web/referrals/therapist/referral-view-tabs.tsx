import { Link } from 'react-router';
import { cn } from '../../ui/cn';

export const referralViews = ['open', 'mine', 'hidden'] as const;
export type ReferralView = (typeof referralViews)[number];

export const referralViewLabels: Record<ReferralView, string> = {
  open: 'Open',
  mine: 'My referrals',
  hidden: 'Hidden',
};

export function parseReferralView(value: string | null): ReferralView {
  return (referralViews as readonly string[]).includes(value ?? '') ? (value as ReferralView) : 'open';
}

/**
 * The three lists as links (?view=…) rather than an ARIA tab widget: each list has its own address,
 * so the back button, a bookmark and a notification link all land on the right one.
 */
export function ReferralViewTabs({ current }: { current: ReferralView }) {
  return (
    <nav aria-label="Referral lists">
      <ul className="flex flex-wrap gap-1 border-b border-slate-200">
        {referralViews.map((view) => (
          <li key={view} className="shrink-0">
            <Link
              to={{ search: view === 'open' ? '' : `?view=${view}` }}
              aria-current={view === current ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold',
                view === current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {referralViewLabels[view]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
