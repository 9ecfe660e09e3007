import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function OnboardingPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="OnboardingPage" description="OnboardingPage" />
      <h1 className="text-3xl font-bold">OnboardingPage</h1>
    </div>
  );
}
