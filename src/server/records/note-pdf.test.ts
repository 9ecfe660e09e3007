import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import type { NoteRecord } from '../../domain/note-record';
import { renderNotePdf } from './note-pdf';

const record = (attestation: string, attestationStrokes: NoteRecord['attestationStrokes'], coSignature: NoteRecord['coSignature'] = null): NoteRecord => ({
  noteId: 'n1',
  version: 1,
  title: 'Treatment Session note',
  referenceLabel: 'R-1 · Austin, TX',
  agencyName: 'Acme Home Health',
  therapistName: 'Jamie Rivera',
  discipline: 'PT',
  timeZone: 'America/Chicago',
  visit: { id: 'v1', scheduledStart: '2026-11-25T15:00:00.000Z', durationMinutes: 60, checkIn: null, checkOut: null, exceptions: [], exceptionReason: null },
  sections: [],
  signature: { signedName: 'Jamie Rivera', signedAt: '2026-11-25T16:10:00.000Z', contentHash: null, status: 'signed' },
  coSignature,
  attestation,
  attestationStrokes,
});

describe('the note PDF’s signature block', () => {
  it('prints the attestation line and draws the signature strokes as paths', async () => {
    const strokes: [number, number][][] = [
      [
        [10, 150],
        [300, 40],
        [590, 190],
      ],
    ];
    const withSignature = await renderNotePdf(record('Attested by the patient Ann Lee at Nov 25, 2026, 10:05 AM CST', strokes));
    const { text } = await pdfText(new Uint8Array(withSignature));
    expect(text).toContain('Attestation: Attested by the patient Ann Lee at Nov 25, 2026, 10:05 AM CST');
    const without = await renderNotePdf(record('No patient attestation recorded', null));
    // The drawn strokes are extra path operators in the page's content: the file with them is larger.
    expect(withSignature.length).toBeGreaterThan(without.length);
  });

  it('prints the supervising therapist’s co-signature (name, time, code) when the version was co-signed, and none when it was not', async () => {
    const hash = '3f9a0c12'.padEnd(64, 'e');
    const coSigned = await renderNotePdf(record('No patient attestation recorded', null, { signedName: 'Pat Morgan', signedAt: '2026-11-26T14:30:00.000Z', hash }));
    const { text } = await pdfText(new Uint8Array(coSigned));
    expect(text).toContain('Co-signed by the supervising therapist: Pat Morgan at Nov 26, 2026, 8:30 AM CST');
    expect(text).toContain('Co-signature code: 3F9A-0C12');
    expect(text).toContain(`Co-signature SHA-256: ${hash}`);
    const { text: plain } = await pdfText(new Uint8Array(await renderNotePdf(record('No patient attestation recorded', null))));
    expect(plain).not.toContain('Co-sign');
  });
});
