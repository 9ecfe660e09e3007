import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function SignupPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="SignupPage" description="SignupPage" />
      <h1 className="text-3xl font-bold">SignupPage</h1>
    </div>
  );
}
