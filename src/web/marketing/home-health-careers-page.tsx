import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function HomeHealthCareersPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="HomeHealthCareersPage" description="HomeHealthCareersPage" />
      <h1 className="text-3xl font-bold">HomeHealthCareersPage</h1>
    </div>
  );
}
