import { currentPlace, type AppNavProps } from './app-places';
import { PlaceLink } from './place-link';
import { SignedInAs } from './signed-in-as';
import { SignOutButton } from './sign-out-button';

/**
 * The desktop (lg and up) navigation: the role's places at the top, the account's own pages, who is
 * signed in and Sign out in the lower part. Below lg it is display:none and the tab bar takes over.
 */
export function AppSidebar({
  places,
  pathname,
  name,
  onSignOut,
  signingOut,
}: AppNavProps) {
  const current = currentPlace(places, pathname);
  return (
    <nav
      aria-label="Main"
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white lg:flex"
    >
      <ul className="space-y-1 p-3">
        {places.primary.map((place) => (
          <li key={place.to}>
            <PlaceLink place={place} current={place === current} look="row" />
          </li>
        ))}
      </ul>
      <div className="mt-auto space-y-1 border-t border-slate-200 p-3">
        <SignedInAs name={name} />
        <ul className="space-y-1">
          {places.account.map((place) => (
            <li key={place.to}>
              <PlaceLink place={place} current={place === current} look="row" />
            </li>
          ))}
          <li>
            <SignOutButton onSignOut={onSignOut} signingOut={signingOut} />
          </li>
        </ul>
      </div>
    </nav>
  );
}
