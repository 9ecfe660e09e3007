import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** "Back to …" above a page's heading: a whole 44 px row to tap, not a 16 px line of text. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="-ml-1 inline-flex min-h-11 items-center gap-1 pr-2 text-sm font-semibold text-brand-700 underline hover:no-underline">
      <ChevronLeft className="size-4 shrink-0" aria-hidden />
      {children}
    </Link>
  );
}
