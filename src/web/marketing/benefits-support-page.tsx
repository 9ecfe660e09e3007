import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function BenefitsSupportPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="BenefitsSupportPage" description="BenefitsSupportPage" />
      <h1 className="text-3xl font-bold">BenefitsSupportPage</h1>
    </div>
  );
}
