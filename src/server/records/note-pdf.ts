import PDFDocument from 'pdfkit';
import { signatureCode, type NoteRecord, type RecordReading } from '../../domain/note-record';
import { ATTESTATION_PAD } from '../../domain/visit-attestation';
import { formatAt } from './record-time';

/**
 * A signed note's record as a PDF for the agency's chart, drawn with pdfkit from the note's record
 * (note-records.ts): the same sections as the note screen, the visit's verification, and the
 * signature block. Built in memory (a note is a few pages) and never written to disk or logged.
 */

const MARGIN = 54;
const INK = '#0f172a';
const MUTED = '#475569';


function describeReading(reading: RecordReading | null, timeZone: string): string {
  if (!reading) return 'Not recorded';
  const place =
    reading.latitude !== null && reading.longitude !== null
      ? `location ${reading.latitude.toFixed(5)}, ${reading.longitude.toFixed(5)}${reading.accuracyMeters !== null ? ` (±${Math.round(reading.accuracyMeters)} m)` : ''}`
      : 'no location reading';
  return `${formatAt(reading.at, timeZone)}; ${place}`;
}

type Doc = InstanceType<typeof PDFDocument>;

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(INK).text(text);
  doc.moveDown(0.2);
}

function field(doc: Doc, label: string, value: string) {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`${label}: `, { continued: true });
  doc.font('Helvetica').fillColor(MUTED).text(value);
}

/** The drawn signature as vector paths, scaled from the pad's grid to a 240 pt wide box under the attestation line. */
function drawSignature(doc: Doc, strokes: [number, number][][]) {
  const width = 240;
  const scale = width / ATTESTATION_PAD.width;
  const height = ATTESTATION_PAD.height * scale;
  if (doc.y + height + 8 > doc.page.height - MARGIN) doc.addPage();
  const left = MARGIN;
  const top = doc.y + 4;
  doc.save().lineWidth(0.5).strokeColor(MUTED).rect(left, top, width, height).stroke();
  doc.lineWidth(1.2).strokeColor(INK).lineCap('round').lineJoin('round');
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first || rest.length === 0) continue;
    doc.moveTo(left + first[0] * scale, top + first[1] * scale);
    for (const [x, y] of rest) doc.lineTo(left + x * scale, top + y * scale);
    doc.stroke();
  }
  doc.restore();
  doc.y = top + height + 4;
}

/** Renders the record; resolves with the PDF's bytes. */
export function renderNotePdf(record: NoteRecord): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    // The title names the record, never the patient: PDF metadata travels with the file.
    info: { Title: `${record.title}, ${record.referenceLabel}, version ${record.version}`, Author: record.agencyName, Creator: 'CareRelay' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const zone = record.timeZone;

  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(record.title);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${record.referenceLabel} · version ${record.version} · times in ${zone}`);
  doc.moveDown(0.4);
  field(doc, 'Agency', record.agencyName);
  field(doc, 'Therapist', `${record.therapistName} (${record.discipline})`);

  heading(doc, 'Visit and verification');
  field(doc, 'Scheduled', `${formatAt(record.visit.scheduledStart, zone)}, ${record.visit.durationMinutes} minutes`);
  field(doc, 'Check-in', describeReading(record.visit.checkIn, zone));
  field(doc, 'Check-out', describeReading(record.visit.checkOut, zone));
  field(doc, 'Verification exceptions', record.visit.exceptions.length > 0 ? record.visit.exceptions.join('; ') : 'None');
  if (record.visit.exceptionReason) field(doc, 'Reason given', record.visit.exceptionReason);

  heading(doc, 'Note');
  for (const section of record.sections) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(section.label);
    doc.font('Helvetica').fillColor(MUTED);
    if (section.kind === 'text') doc.text(section.text || '—');
    else
      section.items.forEach((item, index) => {
        doc.text(`${index + 1}. ${item.heading !== undefined ? `${item.heading}: ` : ''}${item.text}`, { indent: 12 });
      });
    doc.moveDown(0.4);
  }

  heading(doc, 'Signature');
  field(doc, 'Signed by', record.signature.signedName);
  field(doc, 'Signed at', formatAt(record.signature.signedAt, zone));
  if (record.signature.contentHash) field(doc, 'Content SHA-256', record.signature.contentHash);
  if (record.coSignature) {
    const { signedName, signedAt, hash } = record.coSignature;
    field(doc, 'Co-signed by the supervising therapist', `${signedName} at ${formatAt(signedAt, zone)}`);
    if (hash) {
      field(doc, 'Co-signature code', signatureCode(hash));
      field(doc, 'Co-signature SHA-256', hash);
    }
  }
  field(doc, 'Attestation', record.attestation);
  if (record.attestationStrokes) drawSignature(doc, record.attestationStrokes);

  doc.end();
  return done;
}
