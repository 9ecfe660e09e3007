import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function ResetPasswordPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="ResetPasswordPage" description="ResetPasswordPage" />
      <h1 className="text-3xl font-bold">ResetPasswordPage</h1>
    </div>
  );
}
