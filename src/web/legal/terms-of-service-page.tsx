import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function TermsOfServicePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="TermsOfServicePage" description="TermsOfServicePage" />
      <h1 className="text-3xl font-bold">TermsOfServicePage</h1>
    </div>
  );
}
