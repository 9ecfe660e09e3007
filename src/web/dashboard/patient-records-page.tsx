import { Link } from 'react-router';
import type { ReferralStatus } from '../../domain/referrals';
import { usePatientRecords } from '../api/dashboards';
import { KeysetListFooter } from '../ui/load-more';
import { PageMeta } from '../ui/page-meta';
import { Loading } from '../ui/states';
import { formatDay } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { EmptyCard, LoadError } from './dashboard-ui';

const statusLabels: Partial<Record<ReferralStatus, string>> = { matched: 'Matched', in_progress: 'In progress', completed: 'Completed' };

/**
 * /dashboard/agency/patients: the agency's matched referrals. Each is labelled with its patient's
 * short name at aal2 (the server decides, and records the read), else its place; the patient's
 * details are on each referral's page, behind a second factor and audited.
 */
export function PatientRecordsPage() {
  const zone = useTimeZone();
  const records = usePatientRecords();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <PageMeta title="Patient Records" description="Your matched referrals and their patient records." />
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Patient Records</h1>
        <p className="mt-1 text-slate-700">Open a referral to see or add its patient’s details (you confirm with your second factor).</p>
      </div>
      {records.isPending && <Loading label="Loading patient records…" />}
      {records.isError && <LoadError message={records.error.message || 'The records could not be loaded.'} onRetry={() => void records.refetch()} />}
      {records.items?.length === 0 && <EmptyCard>No matched referrals yet. Patient records appear here once a referral is matched.</EmptyCard>}
      {records.items && records.items.length > 0 && (
        <ul aria-label="Patient records" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {records.items.map((record) => (
            <li key={record.referralId}>
              <Link to={`/dashboard/agency/referrals/${record.referralId}`} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-4 hover:bg-brand-50">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">
                    {record.referenceLabel} · {record.discipline} referral
                  </span>
                  <span className="block text-sm text-slate-700">
                    {record.therapistName} · matched {formatDay(record.matchedAt, zone)}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {statusLabels[record.status] ?? record.status} · {record.visitsDone} of {record.visitsTotal} visits done ·{' '}
                  {record.detailsAdded ? 'Details added' : 'Details needed'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {records.items && records.items.length > 0 && <KeysetListFooter list={records} noun="patient records" />}
    </div>
  );
}
