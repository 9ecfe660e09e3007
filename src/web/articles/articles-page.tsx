import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function ArticlesPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="ArticlesPage" description="ArticlesPage" />
      <h1 className="text-3xl font-bold">ArticlesPage</h1>
    </div>
  );
}
