import { ClipboardList } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { formatReference } from '../../../domain/referral-reference';
import { useAdminReferrals } from '../../api/referrals';
import { AdminQueryStates } from '../../admin/access-panels';
import { PageMeta } from '../../ui/page-meta';
import { placeText } from '../therapist/format';
import { AdminReferralList, type AdminReferral } from './admin-referral-list';
import { EligibilitySearch } from './eligibility-search';

/**
 * /dashboard/admin/referrals (managers, at aal2): every referral, and for the one chosen, a search
 * that explains for any therapist whether they were eligible and notified, check by check, so a
 * manager can answer "why did I not get this referral?".
 */
export function ReferralEligibilityPage() {
  const referrals = useAdminReferrals();
  const [params, setParams] = useSearchParams();
  const selected = referrals.data?.items.find((referral) => referral.id === params.get('referral')) ?? null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Referral eligibility" description="Every referral on CareRelay, and why each therapist was or was not eligible for it." />
      <header className="space-y-1">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
        <h1 className="text-3xl font-bold text-slate-900">Referral eligibility</h1>
        <p className="max-w-prose text-slate-700">Choose a referral, then find a therapist to see whether they were eligible and notified, and why.</p>
      </header>

      <AdminQueryStates query={referrals} failed="The referrals could not be loaded." loading="Loading referrals…" />
      {referrals.data &&
        (referrals.data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <ClipboardList className="size-8 text-slate-400" aria-hidden />
            <p className="text-lg font-medium text-slate-800">No referrals yet</p>
            <p className="text-sm text-slate-600">Referrals appear here as soon as an agency saves one.</p>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
            <section aria-labelledby="admin-referrals-heading" className="space-y-3">
              <h2 id="admin-referrals-heading" className="text-lg font-semibold text-slate-900">
                {referrals.data.items.length} {referrals.data.items.length === 1 ? 'referral' : 'referrals'}
              </h2>
              <AdminReferralList
                items={referrals.data.items}
                selectedId={selected?.id ?? null}
                onSelect={(id) => setParams({ referral: id }, { replace: true })}
              />
            </section>
            {selected ? (
              <EligibilityPanel key={selected.id} referral={selected} />
            ) : (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
                Choose a referral to check a therapist’s eligibility.
              </p>
            )}
          </div>
        ))}
    </div>
  );
}

function EligibilityPanel({ referral }: { referral: AdminReferral }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Chosen from the list, which on a phone sits above: bring the panel (and a screen reader) to it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section aria-labelledby="eligibility-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6 lg:sticky lg:top-4">
      <div>
        <h2 id="eligibility-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold break-words text-slate-900 focus:outline-none">
          {formatReference(referral.referenceNumber)} · {referral.discipline} referral in {placeText(referral.place)}
        </h2>
        <p className="text-sm break-words text-slate-700">
          {referral.agencyName} · {referral.services.map((service) => `${service.name} × ${service.visitCount}`).join(', ')}
        </p>
      </div>
      <EligibilitySearch referralId={referral.id} />
    </section>
  );
}
