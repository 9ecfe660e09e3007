import { LogOut } from 'lucide-react';
import { cn } from '../ui/cn';

/** "Sign out" in the shell's account lists, looking like the place links around it. */
export function SignOutButton({ onSignOut, signingOut }: { onSignOut: () => void; signingOut: boolean }) {
  return (
    <button
      type="button"
      onClick={onSignOut}
      disabled={signingOut}
      className={cn(
        'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        'disabled:cursor-wait disabled:text-slate-500',
      )}
    >
      <LogOut className="size-5 shrink-0" aria-hidden />
      {signingOut ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
