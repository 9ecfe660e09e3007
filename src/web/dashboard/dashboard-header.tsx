import { LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../layout/logo';
import { NotificationBell } from '../notifications/notification-bell';
import { Button } from '../ui/button';

/** The signed-in area's header: logo, who is signed in, notifications, security settings and Sign out. */
export function DashboardHeader({ name, onSignOut, signingOut }: { name: string; onSignOut: () => void; signingOut: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <div className="flex min-w-0 items-center gap-3">
          <p className="min-w-0 truncate text-sm font-medium text-slate-800" title={name}>
            <span className="sr-only">Signed in as </span>
            {name}
          </p>
          <NotificationBell />
          <Link
            to="/dashboard/security"
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-700"
          >
            <ShieldCheck className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">Security</span>
          </Link>
          <Button variant="secondary" size="sm" onClick={onSignOut} disabled={signingOut} className="shrink-0">
            <LogOut className="hidden size-4 sm:block" aria-hidden />
            {signingOut ? 'Signing out…' : 'Sign out'}
          </Button>
        </div>
      </div>
    </header>
  );
}
