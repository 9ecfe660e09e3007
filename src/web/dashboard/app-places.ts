import {
  BadgeCheck,
  Bell,
  CalendarDays,
  ClipboardList,
  Clock,
  FolderHeart,
  LayoutDashboard,
  Receipt,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Store,
  Sun,
  UserCheck,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { AccountStatus, UserType } from '../../domain/accounts';
import { dashboardPathFor, isWithin } from './dashboard-paths';

/** One destination of the app shell. */
export interface Place {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths whose pages belong to this place (a visit page is part of the schedule). */
  also?: readonly string[];
}

/**
 * The primary places of each role, in the order the sidebar and the tab bar show them. A new page
 * of a role is one line here; pages under a place's path (`/referrals/:id`) are marked as that place.
 */
const primaryPlaces: Record<UserType, readonly Place[]> = {
  therapist: [
    { label: 'Today', to: '/dashboard/therapist', icon: Sun },
    { label: 'Referrals', to: '/dashboard/therapist/referrals', icon: ClipboardList },
    { label: 'Schedule', to: '/dashboard/therapist/schedule', icon: CalendarDays, also: ['/dashboard/therapist/visits'] },
    { label: 'Payments', to: '/dashboard/therapist/payments', icon: Wallet },
  ],
  agency: [
    { label: 'Dashboard', to: '/dashboard/agency', icon: LayoutDashboard },
    { label: 'Referrals', to: '/dashboard/agency/referrals', icon: ClipboardList },
    { label: 'Patients', to: '/dashboard/agency/patients', icon: FolderHeart },
    { label: 'Schedule', to: '/dashboard/agency/schedule', icon: CalendarDays, also: ['/dashboard/agency/visits'] },
    { label: 'Invoices', to: '/dashboard/agency/invoices', icon: Receipt },
    { label: 'Therapists', to: '/dashboard/agency/therapists', icon: Users },
  ],
  manager: [
    { label: 'Dashboard', to: '/dashboard/admin', icon: LayoutDashboard, also: ['/dashboard/admin/undelivered', '/dashboard/admin/expiring-credentials'] },
    { label: 'Sign-ups', to: '/dashboard/admin/signups', icon: UserCheck },
    { label: 'Credentials', to: '/dashboard/admin/credentials', icon: BadgeCheck },
    { label: 'Payments', to: '/dashboard/admin/payments', icon: Wallet },
    { label: 'Marketplace', to: '/dashboard/admin/referrals', icon: Store },
    { label: 'Exclusions', to: '/dashboard/admin/exclusions', icon: ShieldAlert },
  ],
};

/** The account's own pages: the sidebar's lower part on a wide screen, "More" on a phone. */
const accountPlaces: Record<UserType, readonly Place[]> = {
  therapist: [
    { label: 'Notifications', to: '/dashboard/notifications', icon: Bell },
    { label: 'Credentials', to: '/dashboard/therapist/credentials', icon: BadgeCheck },
    { label: 'Settings', to: '/dashboard/therapist/settings', icon: Settings },
    { label: 'Security', to: '/dashboard/security', icon: ShieldCheck },
  ],
  agency: [
    { label: 'Notifications', to: '/dashboard/notifications', icon: Bell },
    { label: 'Security', to: '/dashboard/security', icon: ShieldCheck },
  ],
  manager: [
    { label: 'Notifications', to: '/dashboard/notifications', icon: Bell },
    { label: 'Security', to: '/dashboard/security', icon: ShieldCheck },
  ],
};

/** Five tabs fit a 390 px phone at well over 44 px each: four places and "More". */
export const TAB_BAR_PLACES = 4;

export interface AppPlaces {
  /** Where the logo leads: the user's dashboard. */
  home: string;
  primary: readonly Place[];
  account: readonly Place[];
}

/**
 * The shell's places for a signed-in account. A pending or rejected account has only its status,
 * Security and (a therapist) Credentials: the server refuses it everything else.
 */
export function appPlacesFor(userType: UserType, status: AccountStatus): AppPlaces {
  const home = dashboardPathFor(userType);
  if (status !== 'approved') {
    return {
      home,
      primary: [{ label: 'Account status', to: home, icon: Clock }],
      // A therapist's credentials are uploaded before approval: a manager verifies them to approve.
      account: accountPlaces[userType].filter((place) => place.to === '/dashboard/security' || place.to === '/dashboard/therapist/credentials'),
    };
  }
  return { home, primary: primaryPlaces[userType], account: accountPlaces[userType] };
}

/**
 * The length of the path of `place` that `pathname` falls under, or -1. Every page is under the
 * dashboard's path, so the dashboard itself counts only exactly (and for its `also` paths).
 */
function matchLength(place: Place, pathname: string, home: string): number {
  const own = place.to === home ? (pathname === home ? [home] : []) : [place.to].filter((path) => isWithin(pathname, path));
  const also = (place.also ?? []).filter((path) => isWithin(pathname, path));
  return Math.max(-1, ...[...own, ...also].map((path) => path.length));
}

/** The place `pathname` belongs to (the most specific one), if any. */
export function currentPlace(places: AppPlaces, pathname: string): Place | undefined {
  let best: Place | undefined;
  let bestLength = -1;
  for (const place of [...places.primary, ...places.account]) {
    const length = matchLength(place, pathname, places.home);
    if (length > bestLength) {
      best = place;
      bestLength = length;
    }
  }
  return best;
}

/** What both navigations (the desktop sidebar and the phone's tab bar) are given. */
export interface AppNavProps {
  places: AppPlaces;
  pathname: string;
  name: string;
  onSignOut: () => void;
  signingOut: boolean;
}
