import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function AgencyDashboard() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="AgencyDashboard" description="AgencyDashboard" />
      <h1 className="text-3xl font-bold">AgencyDashboard</h1>
    </div>
  );
}
