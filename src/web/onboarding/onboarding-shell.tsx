import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../api/auth';
import { Logo } from '../layout/logo';
import { Button } from '../ui/button';

/** Onboarding sits outside the public site's layout: a slim header with sign-out, and the page. */
export function OnboardingShell({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const leave = async () => {
    setSigningOut(true);
    // Leave even if the call fails: the session then ends by its idle timeout.
    await signOut().catch(() => {});
    queryClient.clear();
    await navigate('/', { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          {signedIn && (
            <Button variant="ghost" size="sm" onClick={() => void leave()} disabled={signingOut}>
              <LogOut className="size-4" aria-hidden />
              {signingOut ? 'Signing out…' : 'Sign out'}
            </Button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {children}
      </main>
    </div>
  );
}
