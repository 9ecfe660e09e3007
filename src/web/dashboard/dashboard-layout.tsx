import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isUnauthenticated, useMe } from '../api/auth';
import { useSiteConfig } from '../api/site';
import { idleSignOutPath, onboardingPath, signInPath, verifyPath } from '../mfa/safe-next';
import { AccountLoadError } from '../ui/account-load-error';
import { Loading } from '../ui/states';
import { AccountStatusPage } from './account-status';
import { appPlacesFor, type AppPlaces } from './app-places';
import { AppSidebar } from './app-sidebar';
import { AppTabBar } from './app-tab-bar';
import type { DashboardMe } from './dashboard-context';
import { DashboardHeader } from './dashboard-header';
import { dashboardPathFor, isSharedPage, isWithin } from './dashboard-paths';
import { IdleTimeout } from './idle-timeout';
import { signOutAndLeave, useSignOut } from './use-sign-out';

// Shown on the home page only, with a form and its schema: other pages do not load it.
const TimeZonePrompt = lazy(async () => ({ default: (await import('./time-zone-prompt')).TimeZonePrompt }));

/** A therapist uploads credentials before approval; a manager verifies them to approve the account. */
const BEFORE_APPROVAL_PATH = '/dashboard/therapist/credentials';
/**
 * The signed-in area. Without a session it sends the visitor to the login dialog on `/`; with a
 * second factor not yet passed to /verify; without an account record to /onboarding; each of them
 * comes back to the page that was asked for (a link in an alert, opened after the idle sign-out).
 * Otherwise to the user's own dashboard, where a pending or rejected account sees only its status.
 * The server enforces all of this too; here it decides what to show.
 */
export function DashboardLayout() {
  const me = useMe();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  if (me.error && isUnauthenticated(me.error)) return <Navigate to={signInPath(here)} replace />;
  if (me.isPending) return <Loading />;
  if (me.isError)
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16">
        <AccountLoadError title="Dashboard" description="Your CareRelay dashboard." onRetry={() => void me.refetch()} />
      </main>
    );

  const { account } = me.data;
  // A user with a second factor passes it before anything else (the server insists too).
  if (me.data.nextLevel === 'aal2' && me.data.aal === 'aal1') {
    return <Navigate to={verifyPath(here)} replace />;
  }
  // A cached "no account yet" may be out of date right after onboarding; wait for the fresh answer.
  if (!account && me.isFetching) return <Loading />;
  if (!account) return <Navigate to={onboardingPath(here)} replace />;
  const home = dashboardPathFor(account.userType);
  const shared = isSharedPage(pathname);
  if (!shared && !isWithin(pathname, home)) return <Navigate to={home} replace />;

  const signedIn: DashboardMe = { ...me.data, account };
  // Pending and rejected accounts see their status; their own security settings (and a therapist's
  // credentials, which a manager verifies before approving) stay reachable.
  return (
    <SignedInShell
      name={me.data.user.name}
      places={appPlacesFor(account.userType, account.status)}
      pathname={pathname}
      refreshedAt={me.dataUpdatedAt}
    >
      {pathname === home && (
        <Suspense fallback={null}>
          <TimeZonePrompt me={me.data} />
        </Suspense>
      )}
      {account.status === 'approved' || shared || isWithin(pathname, BEFORE_APPROVAL_PATH) ? <Outlet context={signedIn} /> : <AccountStatusPage status={account.status} therapist={account.userType === 'therapist'} />}
    </SignedInShell>
  );
}

function SignedInShell({
  name,
  places,
  pathname,
  refreshedAt,
  children,
}: {
  name: string;
  places: AppPlaces;
  pathname: string;
  refreshedAt: number;
  children: ReactNode;
}) {
  const signOut = useSignOut();
  // Signed out while away from a page: logging in again comes back to it.
  const { search } = useLocation();
  const idleExit = idleSignOutPath(`${pathname}${search}`);
  const navigation = { places, pathname, name, onSignOut: signOut.signOut, signingOut: signOut.pending };
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <DashboardHeader home={places.home} />
      {signOut.failed && (
        <div role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-center text-sm text-red-800">
          Could not sign out. Check your connection and try again.
        </div>
      )}
      <div className="flex flex-1">
        <AppSidebar {...navigation} />
        {/* Room below the content for the phone's tab bar, which is fixed over the page's bottom edge. */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-[calc(4rem+env(safe-area-inset-bottom))] lg:pb-0">
          {children}
        </main>
      </div>
      <AppTabBar {...navigation} />
      <SessionIdleTimeout
        refreshedAt={refreshedAt}
        onExpired={() => void signOutAndLeave(idleExit).catch(() => window.location.assign(idleExit))}
        onSessionGone={() => window.location.assign('/')}
        onSignOut={signOut.signOut}
      />
    </div>
  );
}

/**
 * The idle timer, once the site's settings say how long a session may idle. Their own component:
 * their answer arrives as the page is showing, and re-rendered the whole shell (header, sidebar,
 * tab bar) when it was read there.
 */
function SessionIdleTimeout(props: Omit<ComponentProps<typeof IdleTimeout>, 'sessionIdleSeconds'>) {
  const site = useSiteConfig();
  return site.data ? <IdleTimeout sessionIdleSeconds={site.data.sessionIdleSeconds} {...props} /> : null;
}
