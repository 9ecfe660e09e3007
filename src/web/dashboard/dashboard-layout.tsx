import { PageMeta } from '../ui/page-meta';

import { Outlet } from "react-router";
// Placeholder until this page is built.
export function DashboardLayout() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title="DashboardLayout" description="DashboardLayout" />
      <Outlet />
    </div>
  );
}
