import type { ReactNode } from 'react';
import { PageMeta } from '../ui/page-meta';

/** The frame of the agency's invoices and the therapist's payments pages. */
export function PaymentsShell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title={title} description={description} />
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
