import { CheckCircle2 } from 'lucide-react';

/** Step 2 for agencies: nothing more to fill in. */
export function AgencyCompleteStep({ companyName }: { companyName: string | null }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5">
      <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden />
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">Your agency profile is complete</p>
        <p className="text-sm text-slate-700">
          {companyName ? `${companyName} has` : 'Your agency has'} everything we need. Save to finish; you can post referrals once
          our team has approved your account.
        </p>
      </div>
    </div>
  );
}
