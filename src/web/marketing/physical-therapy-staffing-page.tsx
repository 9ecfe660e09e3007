import { PageMeta } from '../ui/page-meta';

// Placeholder until this page is built.
export function PhysicalTherapyStaffingPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="PhysicalTherapyStaffingPage" description="PhysicalTherapyStaffingPage" />
      <h1 className="text-3xl font-bold">PhysicalTherapyStaffingPage</h1>
    </div>
  );
}
