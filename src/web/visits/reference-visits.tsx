import { formatReference } from '../../domain/referral-reference';
import { useVisitsOfReference } from '../api/visits';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { VisitListItem } from './visit-list-item';

/** The schedule searched by reference: every visit of that referral on the caller's schedule, any date, by start. */
export function ReferenceVisits({ referenceNumber, role }: { referenceNumber: number; role: 'agency' | 'therapist' }) {
  const visits = useVisitsOfReference(referenceNumber);
  const reference = formatReference(referenceNumber);
  return (
    <section aria-labelledby="reference-visits-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="reference-visits-title" className="text-xl font-semibold text-slate-900">
        Visits of {reference}
      </h2>
      {visits.isPending ? (
        <Loading label={`Loading the visits of ${reference}…`} />
      ) : visits.isError ? (
        <ErrorState message={visits.error.message} action={<Button onClick={() => void visits.refetch()}>Try again</Button>} />
      ) : visits.data.visits.length === 0 ? (
        <p className="text-sm text-slate-600">No visits of {reference} are on your schedule.</p>
      ) : (
        <ul className="space-y-2" aria-label={`Visits of ${reference}`}>
          {visits.data.visits.map((visit) => (
            <VisitListItem key={visit.id} visit={visit} role={role} />
          ))}
        </ul>
      )}
    </section>
  );
}
