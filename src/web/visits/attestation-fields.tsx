import { useId } from 'react';
import {
  attestationInputSchema,
  attestationUnableLabels,
  attestationUnableReasons,
  type AttestationInput,
  type AttestationSigner,
} from '../../domain/visit-attestation';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { SignaturePad } from './signature-pad';

/** What the form holds while it is filled in; `attestationOf` turns it into the check-out's field. */
export interface AttestationDraft {
  mode: 'signature' | 'unable';
  signer: AttestationSigner;
  signerName: string;
  strokes: [number, number][][];
  unableReason: string;
  reason: string;
}

export const emptyAttestation: AttestationDraft = { mode: 'signature', signer: 'patient', signerName: '', strokes: [], unableReason: '', reason: '' };

/** The `attestation` the check-out sends: checked by the API's own schema, undefined while nothing usable is filled in. */
export function attestationOf(draft: AttestationDraft): AttestationInput | undefined {
  const candidate =
    draft.mode === 'signature'
      ? { kind: 'signature', signer: draft.signer, signerName: draft.signerName.trim() || undefined, strokes: draft.strokes }
      : { kind: 'unable', unableReason: draft.unableReason, reason: draft.reason.trim() || undefined };
  const parsed = attestationInputSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

const modes = [
  { value: 'signature', label: 'Signature' },
  { value: 'unable', label: 'Could not be obtained' },
] as const;

/**
 * The patient's or caregiver's attestation at check-out: who signs, their name and the drawn
 * signature; or, for a signer who cannot sign (and for anyone who cannot use the pad), why no
 * signature could be obtained, which is all reachable by keyboard.
 */
export function AttestationFields({ draft, onChange, error }: { draft: AttestationDraft; onChange: (draft: AttestationDraft) => void; error?: string }) {
  const id = useId();
  const set = (change: Partial<AttestationDraft>) => onChange({ ...draft, ...change });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Patient or caregiver attestation</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Attestation">
        {modes.map((mode) => (
          <label key={mode.value} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" name={`${id}-mode`} value={mode.value} checked={draft.mode === mode.value} onChange={() => set({ mode: mode.value })} className="size-5" />
            {mode.label}
          </label>
        ))}
      </div>
      {draft.mode === 'signature' ? (
        <>
          <SelectField label="Who signs" value={draft.signer} onChange={(event) => set({ signer: event.target.value as AttestationDraft['signer'] })}>
            <option value="patient">Patient</option>
            <option value="caregiver">Caregiver</option>
          </SelectField>
          <TextField label="Signer’s name" optional value={draft.signerName} maxLength={120} autoComplete="off" onChange={(event) => set({ signerName: event.target.value })} />
          <SignaturePad
            label="Signature pad: the signer draws here with a finger or mouse. If they cannot, choose Could not be obtained."
            strokes={draft.strokes}
            onChange={(strokes) => set({ strokes })}
          />
        </>
      ) : (
        <>
          <SelectField label="Why not" value={draft.unableReason} onChange={(event) => set({ unableReason: event.target.value })} required>
            <option value="">Choose a reason…</option>
            {attestationUnableReasons.map((reason) => (
              <option key={reason} value={reason}>
                {attestationUnableLabels[reason]}
              </option>
            ))}
          </SelectField>
          <TextAreaField label="Details" optional value={draft.reason} maxLength={500} onChange={(event) => set({ reason: event.target.value })} />
        </>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
