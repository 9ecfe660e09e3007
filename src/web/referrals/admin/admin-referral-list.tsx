import { formatReference } from '../../../domain/referral-reference';
import type { AgencyReferralSummary } from '../../../domain/referral-summaries';
import { cn } from '../../ui/cn';
import { useTimeZone } from '../../ui/use-time-zone';
import { moment, placeText, referralStatusLabels } from '../therapist/format';

export type AdminReferral = AgencyReferralSummary & { agencyName: string };

/** Every agency's referrals, newest first; choosing one opens its eligibility search. */
export function AdminReferralList({
  items,
  selectedId,
  onSelect,
}: {
  items: AdminReferral[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const zone = useTimeZone();
  return (
    <ul className="space-y-2">
      {items.map((referral) => {
        const selected = referral.id === selectedId;
        return (
          <li key={referral.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(referral.id)}
              className={cn(
                'block w-full rounded-xl border bg-white p-3 text-left shadow-sm hover:border-brand-600',
                selected ? 'border-brand-700 ring-2 ring-brand-600/40' : 'border-slate-200',
              )}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-semibold break-words text-slate-900">{referral.agencyName}</span>
                <span className="text-xs font-semibold text-slate-700">{referralStatusLabels[referral.status]}</span>
              </span>
              <span className="mt-1 block text-sm break-words text-slate-700">
                {formatReference(referral.referenceNumber)} · {referral.discipline} · {placeText(referral.place)}
              </span>
              <span className="mt-1 block text-xs text-slate-600">
                Notified {referral.notifiedCount} {referral.notifiedCount === 1 ? 'therapist' : 'therapists'}
                {referral.postedAt ? ` · posted ${moment(referral.postedAt, zone)}` : ' · not posted'}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
