import type { NoteContent, NoteServiceId } from './documentation';

/**
 * A signed note as a record that leaves the platform (the chart's PDF, the FHIR DocumentReference):
 * the same sections, in the same order and with the same labels, as the note screen shows, plus the
 * visit's verification and the signature. Pure, shared by the server's renderers and the web's view.
 */

/** The free-text sections of each note type, in the order the form and the signed note show them. */
export const noteTextFields: Record<NoteServiceId, { name: string; label: string; rows: number }[]> = {
  evaluation: [
    { name: 'history', label: 'History', rows: 4 },
    { name: 'objectiveMeasures', label: 'Objective measures', rows: 4 },
    { name: 'assessment', label: 'Assessment', rows: 4 },
    { name: 'plan', label: 'Plan', rows: 3 },
    { name: 'frequency', label: 'Frequency', rows: 1 },
  ],
  treatment: [
    { name: 'interventions', label: 'Interventions', rows: 4 },
    { name: 'response', label: 'Response to treatment', rows: 3 },
    { name: 'plan', label: 'Plan', rows: 3 },
  ],
  progress_report: [],
  discharge: [
    { name: 'outcome', label: 'Outcome', rows: 4 },
    { name: 'recommendations', label: 'Recommendations', rows: 4 },
  ],
};

export type NoteSection =
  | { kind: 'text'; label: string; text: string }
  | { kind: 'list'; label: string; items: { heading?: string; text: string }[] };

/** The note's content as labelled sections: what the screen and every export show. */
export function noteSections(content: NoteContent): NoteSection[] {
  const values = content as unknown as Record<string, unknown>;
  const sections: NoteSection[] = noteTextFields[content.serviceId].map((field) => ({
    kind: 'text',
    label: field.label,
    text: typeof values[field.name] === 'string' ? (values[field.name] as string) : '',
  }));
  if (content.serviceId === 'evaluation') sections.push({ kind: 'list', label: 'Goals', items: content.goals.map((goal) => ({ text: goal })) });
  if (content.serviceId === 'progress_report') {
    sections.push({ kind: 'list', label: 'Progress toward goals', items: content.goals.map((item) => ({ heading: item.goal, text: item.progress })) });
  }
  return sections;
}

/** A signature's short code, as the note screen and the PDF show it: the first 8 hex digits of its SHA-256, e.g. "3F9A-0C12". */
export const signatureCode = (hash: string): string => `${hash.slice(0, 4)}-${hash.slice(4, 8)}`.toUpperCase();

/** Said wherever the visit holds no patient or caregiver attestation: the record never implies one. */
export const NO_ATTESTATION = 'No patient attestation recorded';

export interface RecordReading {
  at: string;
  latitude: number | null;
  longitude: number | null;
  accuracyMeters: number | null;
}

/** Everything a signed note's record holds, as plain values (times in ISO 8601, UTC). */
export interface NoteRecord {
  noteId: string;
  version: number;
  title: string;
  referenceLabel: string;
  agencyName: string;
  therapistName: string;
  discipline: string;
  /** IANA zone the times are shown in: the patient's. */
  timeZone: string;
  visit: {
    id: string;
    scheduledStart: string;
    durationMinutes: number;
    checkIn: RecordReading | null;
    checkOut: RecordReading | null;
    /** Exception labels, in words. */
    exceptions: string[];
    exceptionReason: string | null;
  };
  sections: NoteSection[];
  signature: { signedName: string; signedAt: string; contentHash: string | null; status: string };
  /** The supervising PT's or OT's co-signature of this (an assistant's) version; null when it was not co-signed. */
  coSignature: { signedName: string; signedAt: string; hash: string | null } | null;
  /** The attestation in words ("Attested by the patient Ann Lee at …", the reason none was taken, or NO_ATTESTATION). */
  attestation: string;
  /** The drawn signature's strokes on the ATTESTATION_PAD grid (visit-attestation.ts); null when there is none. */
  attestationStrokes: [number, number][][] | null;
}
