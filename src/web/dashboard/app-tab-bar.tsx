import { Ellipsis } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../ui/cn';
import type { Dialog as DialogType } from '../ui/dialog';
import { currentPlace, TAB_BAR_PLACES, type AppNavProps, type Place } from './app-places';
import { PlaceLink } from './place-link';
import { SignedInAs } from './signed-in-as';
import { SignOutButton } from './sign-out-button';

type DialogComponent = typeof DialogType;

/** After the page has shown and the browser is idle (or at once, when More is tapped first). */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2_000);
  return () => clearTimeout(id);
}

/**
 * The phone's (below lg) navigation, fixed to the bottom edge: the role's first places as tabs and
 * "More", a sheet with the remaining places, the account's pages, who is signed in and Sign out.
 */
export function AppTabBar({
  places,
  pathname,
  name,
  onSignOut,
  signingOut,
}: AppNavProps) {
  const [open, setOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  // Radix's dialog was the largest piece of the shell's first JS: it loads once the page is up, not
  // before it, and is then mounted closed, so "More" opens at once the way it always did.
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const loading = useRef(false);
  const loadDialog = () => {
    if (loading.current) return;
    loading.current = true;
    import('../ui/dialog').then(
      (module) => setDialog(() => module.Dialog),
      () => (loading.current = false),
    );
  };
  useEffect(() => whenIdle(loadDialog), []);
  // Another page closes the sheet (a link in it, or the browser's back button).
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }

  const current = currentPlace(places, pathname);
  const tabs = places.primary.slice(0, TAB_BAR_PLACES);
  const overflow = places.primary.slice(TAB_BAR_PLACES);
  const inMore = current !== undefined && !tabs.includes(current);

  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden">
      <ul className="flex">
        {tabs.map((place) => (
          <li key={place.to} className="min-w-0 flex-1">
            <PlaceLink place={place} current={place === current} look="tab" />
          </li>
        ))}
        <li className="min-w-0 flex-1">
          <button
            ref={moreButton}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => {
              loadDialog();
              setOpen(true);
            }}
            // The page open is one of More's: marked like a current tab; inside, its link carries aria-current.
            className={cn(
              'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 border-t-2 px-0.5 text-[0.6875rem] font-semibold',
              inMore ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            <Ellipsis className="size-5" aria-hidden />
            More
          </button>
          {Dialog && (
            <Dialog open={open} onOpenChange={setOpen} title="More" placement="bottom" returnFocus={moreButton}>
              <MoreSheet overflow={overflow} account={places.account} current={current} name={name} onSignOut={onSignOut} signingOut={signingOut} onNavigate={() => setOpen(false)} />
            </Dialog>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The sheet behind "More": the places the tab bar has no room for, then the account's own. */
function MoreSheet({
  overflow,
  account,
  current,
  name,
  onSignOut,
  signingOut,
  onNavigate,
}: {
  overflow: readonly Place[];
  account: readonly Place[];
  current: Place | undefined;
  name: string;
  onSignOut: () => void;
  signingOut: boolean;
  onNavigate: () => void;
}) {
  return (
    <div className="space-y-1">
      {overflow.length > 0 && (
        <ul className="space-y-1 border-b border-slate-200 pb-2">
          {overflow.map((place) => (
            <li key={place.to}>
              <PlaceLink place={place} current={place === current} look="row" onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
      <SignedInAs name={name} />
      <ul className="space-y-1">
        {account.map((place) => (
          <li key={place.to}>
            <PlaceLink place={place} current={place === current} look="row" onNavigate={onNavigate} />
          </li>
        ))}
        <li>
          <SignOutButton onSignOut={onSignOut} signingOut={signingOut} />
        </li>
      </ul>
    </div>
  );
}
