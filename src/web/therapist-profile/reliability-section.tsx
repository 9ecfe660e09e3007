import { reliabilityExplanation } from '../../domain/reliability';
import type { TherapistProfile } from '../../domain/therapist-profile';
import { Card } from './profile-card';

/** The reliability score with every part it is made of, and how it is worked out. */
export function ReliabilitySection({ reliability }: { reliability: TherapistProfile['reliability'] }) {
  return (
    <Card title="Reliability" id="reliability-title">
      <p className="font-semibold text-slate-900">{reliability.summary}</p>
      {reliability.score === null && (
        // Below the threshold the sentence is only the count: the parts are still worth reading.
        <p className="text-sm text-slate-700">
          So far: {reliability.asScheduled} as scheduled, {reliability.late} late, {reliability.missed} missed, {reliability.cancelledAfterConfirm} cancelled
          after confirm; {reliability.notesOnTime} of {reliability.notesDue} notes signed on time.
        </p>
      )}
      <details className="rounded-lg bg-slate-50 px-3 text-sm text-slate-700">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">How this is worked out</summary>
        <ul className="list-disc space-y-1 pb-3 pl-5">
          {reliabilityExplanation.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </Card>
  );
}
