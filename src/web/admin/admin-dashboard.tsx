import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function AdminDashboard() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="AdminDashboard" description="AdminDashboard" />
      <h1 className="text-3xl font-bold">AdminDashboard</h1>
    </div>
  );
}
