import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function PrivacyPolicyPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="PrivacyPolicyPage" description="PrivacyPolicyPage" />
      <h1 className="text-3xl font-bold">PrivacyPolicyPage</h1>
    </div>
  );
}
