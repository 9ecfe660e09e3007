import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function NursingOpportunitiesPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="NursingOpportunitiesPage" description="NursingOpportunitiesPage" />
      <h1 className="text-3xl font-bold">NursingOpportunitiesPage</h1>
    </div>
  );
}
