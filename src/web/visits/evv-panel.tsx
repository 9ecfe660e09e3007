import { MapPin } from 'lucide-react';
import { useState } from 'react';
import type { EvvReadingInput } from '../../domain/visits';
import { ApiError } from '../api/client';
import { useVerifyVisit } from '../api/visits';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField } from '../ui/field';
import { attestationMessages } from '../../domain/visit-attestation';
import { AttestationFields, attestationOf, emptyAttestation, type AttestationDraft } from './attestation-fields';

type Reading = Pick<EvvReadingInput, 'latitude' | 'longitude' | 'accuracyMeters' | 'locationUnavailable'>;

/** One location reading from the browser, or why there is none (denied, unavailable, timed out). */
function readLocation(): Promise<{ reading: Reading; problem?: string }> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      resolve({ reading: { locationUnavailable: true }, problem: 'This browser cannot share a location.' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ reading: { latitude: position.coords.latitude, longitude: position.coords.longitude, accuracyMeters: Math.round(position.coords.accuracy) } }),
      (error) =>
        resolve({
          reading: { locationUnavailable: true },
          problem: error.code === error.PERMISSION_DENIED ? 'Location access was denied.' : 'Your location is unavailable right now.',
        }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}

/**
 * Check in / Check out for the therapist: takes one reading and sends it. When the server finds an
 * exception (far away, no reading, off schedule) it asks for a reason, shown here; a denied or
 * unavailable location is sent as such, with a reason. Check-out also carries the patient's or
 * caregiver's attestation (a drawn signature, or why none could be obtained), which the server
 * requires: its message is shown on the attestation.
 */
export function EvvPanel({ visitId, end }: { visitId: string; end: 'check-in' | 'check-out' }) {
  const verify = useVerifyVisit(visitId, end);
  const [reading, setReading] = useState<Reading | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [needReason, setNeedReason] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attestation, setAttestation] = useState<AttestationDraft>(emptyAttestation);
  const [attestationError, setAttestationError] = useState<string | undefined>();
  const label = end === 'check-in' ? 'Check in' : 'Check out';

  const send = async (body: EvvReadingInput) => {
    setError(null);
    try {
      await verify.mutateAsync(end === 'check-out' ? { ...body, attestation: attestationOf(attestation) } : body);
    } catch (caught) {
      const attestationField = caught instanceof ApiError ? Object.entries(caught.fields).find(([field]) => field.startsWith('attestation')) : undefined;
      if (attestationField) setAttestationError(attestationField[1]);
      else if (caught instanceof ApiError && caught.fields.reason) setNeedReason(caught.fields.reason);
      else setError(caught instanceof Error ? caught.message : 'Something went wrong.');
    }
  };

  const start = async () => {
    // An attestation missing or not finished is said so before anything is sent, in the server's own
    // words (the check-out would be refused naming `attestation`): no location is read for nothing.
    if (end === 'check-out' && !attestationOf(attestation)) {
      const untouched = attestation === emptyAttestation;
      setAttestationError(untouched ? attestationMessages.kind : attestation.mode === 'signature' ? attestationMessages.strokes : attestationMessages.unableReason);
      return;
    }
    setAttestationError(undefined);
    setLocating(true);
    const result = await readLocation();
    setLocating(false);
    setReading(result.reading);
    setProblem(result.problem ?? null);
    if (result.problem) setNeedReason(`${result.problem} ${label} without a location needs a reason.`);
    else await send(result.reading);
  };

  return (
    <section aria-labelledby={`${end}-title`} className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id={`${end}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
        <MapPin className="size-5" aria-hidden /> {label}
      </h3>
      <p className="text-sm text-slate-700">We record the time and one location reading to verify the visit.</p>
      {end === 'check-out' && !needReason && <AttestationFields draft={attestation} onChange={setAttestation} error={attestationError} />}
      {needReason && reading ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() === '') {
              setError('Give a reason to continue.');
              return;
            }
            void send({ ...reading, reason: reason.trim() });
          }}
        >
          {problem && <p className="text-sm font-medium text-amber-900">{problem}</p>}
          <TextAreaField label="Reason" hint={needReason} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} required />
          <Button type="submit" disabled={verify.isPending}>
            {verify.isPending ? 'Sending…' : `${label} with this reason`}
          </Button>
        </form>
      ) : (
        <Button onClick={() => void start()} disabled={locating || verify.isPending}>
          {locating ? 'Getting your location…' : verify.isPending ? 'Sending…' : label}
        </Button>
      )}
      {error && <FormAlert>{error}</FormAlert>}
    </section>
  );
}
