import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function PhysicalTherapistJobsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="PhysicalTherapistJobsPage" description="PhysicalTherapistJobsPage" />
      <h1 className="text-3xl font-bold">PhysicalTherapistJobsPage</h1>
    </div>
  );
}
