import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function ArticlePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="ArticlePage" description="ArticlePage" />
      <h1 className="text-3xl font-bold">ArticlePage</h1>
    </div>
  );
}
