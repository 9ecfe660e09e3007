import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function LandingPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="LandingPage" description="LandingPage" />
      <h1 className="text-3xl font-bold">LandingPage</h1>
    </div>
  );
}
