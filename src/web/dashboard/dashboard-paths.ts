import type { UserType } from '../../domain/accounts';

/** Each kind of user has one dashboard; managers use the admin area. */
export function dashboardPathFor(userType: UserType): string {
  return `/dashboard/${userType === 'manager' ? 'admin' : userType}`;
}

/** True when `pathname` is the user's own dashboard or a page inside it. */
export function isWithin(pathname: string, home: string): boolean {
  return pathname === home || pathname.startsWith(`${home}/`);
}

/** Pages every signed-in user may open, whatever their dashboard (their own account's settings). */
export const sharedDashboardPaths = ['/dashboard/security', '/dashboard/notifications'] as const;

export function isSharedPage(pathname: string): boolean {
  return sharedDashboardPaths.some((path) => isWithin(pathname, path));
}
