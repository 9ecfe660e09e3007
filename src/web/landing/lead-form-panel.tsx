import { lazy, Suspense } from 'react';
import { withQueries } from '../with-queries';
import { useLeadFormPanel } from './use-lead-form-panel';

// The form, its zod schema, react-hook-form and TanStack Query are most of the landing page's script; none of it is
// needed to show the page, so it is fetched when the panel opens. Until it has arrived nothing shows:
// a panel that grew when its form came in would shift on screen.
const LeadFormDialog = lazy(async () => ({ default: await withQueries(import('./lead-form-dialog').then((module) => module.LeadFormDialog)) }));

/** The slide-in lead form, shown once per browser until it is closed or sent (see useLeadFormPanel). */
export function LeadFormPanel() {
  const { open, close, markSent } = useLeadFormPanel();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LeadFormDialog close={close} markSent={markSent} />
    </Suspense>
  );
}
