import { Download } from 'lucide-react';
import { notePdfUrl } from '../api/records';

/** A signed version's PDF for the agency's chart: the same sections as on screen, with the visit's verification and the signature. */
export function NotePdfLink({ visitId, noteId, version }: { visitId: string; noteId: string; version: number }) {
  return (
    <a
      href={notePdfUrl(visitId, noteId)}
      download
      aria-label={`Download PDF of version ${version}`}
      // 44 px tall on a touch screen (WCAG 2.5.5); a line of text on a desktop.
      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 underline hover:no-underline lg:min-h-0"
    >
      <Download className="size-4" aria-hidden /> Download PDF
    </a>
  );
}
