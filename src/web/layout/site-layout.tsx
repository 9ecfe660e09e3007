import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { SignedOutNotice } from '../auth/signed-out-notice';
import { withQueries } from '../with-queries';
import { LoginDialogContext, type LoginView } from './login-context';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// The dialog pulls in the form, validation and query libraries; load them only when someone opens it.
const LoginDialog = lazy(async () => ({ default: await withQueries(import('../auth/login-dialog').then((module) => module.LoginDialog)) }));

/** Header, footer and the login dialog around every public page. */
export function SiteLayout() {
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginRequested, setLoginRequested] = useState(false);
  // Each opening mounts a fresh dialog on the requested view.
  const [loginOpening, setLoginOpening] = useState<{ view: LoginView; key: number }>({ view: 'sign-in', key: 0 });
  const context = useMemo(() => {
    const open = (view: LoginView) => {
      setLoginRequested(true);
      setLoginOpening((previous) => ({ view, key: previous.key + 1 }));
      setLoginOpen(true);
    };
    return { openLogin: () => open('sign-in'), openForgotPassword: () => open('forgot') };
  }, []);
  useScrollToHash();
  // A refused social sign-in comes back to /?socialError=1: reopen the dialog, which says why. A
  // signed-out visit to the signed-in area comes to /?signIn=1&next=…: open it, to go on there.
  const [params] = useSearchParams();
  const wantsLogin = params.get('socialError') === '1' || params.get('signIn') === '1';
  useEffect(() => {
    if (wantsLogin) context.openLogin();
  }, [wantsLogin, context]);
  return (
    <LoginDialogContext.Provider value={context}>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <main id="main" className="flex-1" tabIndex={-1}>
          <SignedOutNotice />
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      {loginRequested && (
        <Suspense fallback={null}>
          <LoginDialog key={loginOpening.key} initialView={loginOpening.view} open={loginOpen} onOpenChange={setLoginOpen} />
        </Suspense>
      )}
    </LoginDialogContext.Provider>
  );
}

/** Client-side navigation does not scroll to `#anchors` by itself; this does, and to the top otherwise. */
function useScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    // The target may be in a lazily loaded page; try again until it has rendered.
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target || ++tries > 20) {
        window.clearInterval(timer);
        target?.scrollIntoView();
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
}
