import { ATTESTATION_PAD, attestationText, type AttestationView } from '../../domain/visit-attestation';
import { formatDateTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

/** The check-out attestation on the visit, for its two parties: who attested and when, the signature redrawn from its strokes, or why there is none. */
export function VisitAttestation({ attestation }: { attestation: AttestationView }) {
  const zone = useTimeZone();
  const text = attestationText(attestation);
  return (
    <div className="sm:col-span-2">
      <dt className="text-slate-500">Patient or caregiver attestation</dt>
      <dd className="space-y-2 text-slate-900">
        <p>
          {text}, <time dateTime={attestation.at}>{formatDateTime(attestation.at, zone)}</time>
        </p>
        {attestation.kind === 'signature' && (
          <svg
            role="img"
            aria-label={`Signature of the ${attestation.signer}`}
            viewBox={`0 0 ${ATTESTATION_PAD.width} ${ATTESTATION_PAD.height}`}
            className="aspect-[3/1] w-full max-w-sm rounded-lg border border-slate-200 bg-white"
          >
            {attestation.strokes.map((stroke, index) => (
              <polyline key={index} points={stroke.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke="#0f172a" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
            ))}
          </svg>
        )}
      </dd>
    </div>
  );
}
