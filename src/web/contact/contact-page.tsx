import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function ContactPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="ContactPage" description="ContactPage" />
      <h1 className="text-3xl font-bold">ContactPage</h1>
    </div>
  );
}
