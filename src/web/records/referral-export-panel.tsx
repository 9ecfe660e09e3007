import { Download, FileJson } from 'lucide-react';
import { referralFhirUrl } from '../api/records';

/**
 * The referral's records for the agency's EHR: one FHIR R4 bundle (the referral and its orders, the
 * therapist with their NPI, every visit, each signed note with its PDF). The server decides what goes
 * in (the patient and the notes only after two-step verification) and records every download.
 */
export function ReferralExportPanel({ referralId }: { referralId: string }) {
  return (
    <section aria-labelledby={`export-title-${referralId}`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <FileJson className="mt-1 size-5 shrink-0 text-slate-500" aria-hidden />
        <div>
          <h2 id={`export-title-${referralId}`} className="text-xl font-semibold text-slate-900">
            Records for your EHR
          </h2>
          <p className="text-sm text-slate-600">
            The referral, its orders, the therapist, every visit and each signed note with its PDF, as one FHIR R4 bundle. The patient’s details and the
            notes are included once you have verified your sign-in with your second step. Every download is recorded.
          </p>
        </div>
      </div>
      <a href={referralFhirUrl(referralId)} download className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 underline hover:no-underline lg:min-h-0">
        <Download className="size-4" aria-hidden /> Download FHIR bundle
      </a>
    </section>
  );
}
