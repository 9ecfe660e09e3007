import { Download } from 'lucide-react';
import { notePdfUrl } from '../api/records';

/** A signed version's PDF for the agency's chart: the same sections as on screen, with the visit's verification and the signature. */
export function NotePdfLink({ visitId, noteId, version }: { visitId: string; noteId: string; version: number }) {
  return (
    <a
      href={notePdfUrl(visitId, noteId)}
      download
      aria-label={`Download PDF of version ${version}`}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline hover:no-underline"
    >
      <Download className="size-4" aria-hidden /> Download PDF
    </a>
  );
}
