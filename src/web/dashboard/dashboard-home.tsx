import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function DashboardHome() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="DashboardHome" description="DashboardHome" />
      <h1 className="text-3xl font-bold">DashboardHome</h1>
    </div>
  );
}
