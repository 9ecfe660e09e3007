import { Navigate } from 'react-router';
import { useDashboardMe } from './dashboard-context';
import { dashboardPathFor } from './dashboard-paths';

/** /dashboard itself: each user belongs on their own dashboard (the layout usually redirects first). */
export function DashboardHome() {
  const me = useDashboardMe();
  return <Navigate to={dashboardPathFor(me.account.userType)} replace />;
}
