import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function TherapistDashboard() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="TherapistDashboard" description="TherapistDashboard" />
      <h1 className="text-3xl font-bold">TherapistDashboard</h1>
    </div>
  );
}
