import { LogOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { isUnauthenticated, signOut } from '../api/auth';
import { Logo } from '../layout/logo';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/field';

/** /verify sits outside the site and dashboard layouts: a slim header with Sign out, and the page. */
export function VerifyShell({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');

  const leave = async () => {
    setState('pending');
    try {
      await signOut().catch((error: unknown) => {
        if (!isUnauthenticated(error)) throw error;
      });
      // A fresh load, so nothing fetched while signed in stays in memory.
      window.location.assign('/');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          {signedIn && (
            <Button variant="ghost" size="sm" onClick={() => void leave()} disabled={state === 'pending'}>
              <LogOut className="size-4" aria-hidden />
              {state === 'pending' ? 'Signing out…' : 'Sign out'}
            </Button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-xl space-y-6 px-4 py-10 sm:px-6">
        {state === 'failed' && <FormAlert>Could not sign out. Check your connection and try again.</FormAlert>}
        {children}
      </main>
    </div>
  );
}
