import { CheckCircle2, XCircle } from 'lucide-react';
import { useId } from 'react';
import type { EligibilityRule } from '../../../domain/matching';
import type { EligibilityView } from '../../../domain/referrals';
import { cn } from '../../ui/cn';
import { distanceText } from '../therapist/format';

/** The matching rule's checks (src/domain/matching.ts) as a manager reads them. */
const ruleLabels: Record<EligibilityRule, string> = {
  approved: 'Account approved',
  available: 'Taking new referrals',
  discipline: 'Discipline fits the services',
  credentials: 'Required credentials verified and current',
  documentation: 'Visit notes up to date',
  radius: 'Within their service radius',
};

const ruleLabel = (rule: string) => ruleLabels[rule as EligibilityRule] ?? rule;

const pill = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** One therapist judged against one referral: the verdict, whether they were notified, and every check. */
export function EligibilityCard({ result }: { result: EligibilityView }) {
  const titleId = useId();
  const failed = result.checks.filter((check) => !check.passed);
  return (
    <article aria-labelledby={titleId} data-therapist={result.therapistId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold break-words text-slate-900">
          {result.therapistName}
        </h3>
        <div className="flex flex-wrap gap-2">
          {result.eligible ? (
            <span className={cn(pill, 'bg-green-100 text-green-900 ring-green-600/30')}>
              <CheckCircle2 className="size-3.5" aria-hidden />
              Eligible
            </span>
          ) : (
            <span className={cn(pill, 'bg-red-100 text-red-900 ring-red-600/30')}>
              <XCircle className="size-3.5" aria-hidden />
              Not eligible
            </span>
          )}
          <span className={cn(pill, 'bg-slate-100 text-slate-800 ring-slate-500/30')}>{result.notified ? 'Notified' : 'Not notified'}</span>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {distanceText(result.distanceMiles)}
        {failed.length > 0 && <> · Failed: {failed.map((check) => ruleLabel(check.rule)).join(', ')}</>}
      </p>
      <ul aria-label={`Checks for ${result.therapistName}`} className="space-y-1.5">
        {result.checks.map((check) => (
          <li key={check.rule} data-rule={check.rule} data-passed={check.passed} className="flex items-start gap-2 text-sm">
            {check.passed ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden />
            )}
            <span className="min-w-0 break-words">
              <span className="sr-only">{check.passed ? 'Passed: ' : 'Failed: '}</span>
              <span className="font-medium text-slate-900">{ruleLabel(check.rule)}</span>
              <span className="text-slate-700"> — {check.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}
