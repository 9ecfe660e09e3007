import { useState } from 'react';
import { startSocialSignIn } from '../api/social';
import { useSiteConfig } from '../api/site';
import { Button } from '../ui/button';
import { forgetTwoStepOffer } from './after-sign-in';
import { FormAlert } from '../ui/field';

/**
 * "Continue with {name}" for each provider the server offers (GET /api/site), coming back to `next`
 * (checked by the login dialog). Renders nothing while loading or when there are none, so the
 * password form stays the whole dialog.
 */
export function SocialSignInButtons({ next }: { next: string }) {
  const site = useSiteConfig();
  const [pending, setPending] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const providers = site.data?.socialProviders ?? [];
  if (providers.length === 0) return null;

  const start = async (provider: { id: string; name: string }) => {
    setFailure(undefined);
    setPending(provider.id);
    try {
      const url = await startSocialSignIn(provider.id, next);
      forgetTwoStepOffer();
      // A full navigation: the provider's page, then back to our callback.
      window.location.assign(url);
    } catch {
      setFailure(`Could not start signing in with ${provider.name}. Please try again.`);
      setPending(undefined);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <ul className="space-y-2">
        {providers.map((provider) => (
          <li key={provider.id}>
            <Button variant="secondary" className="w-full" disabled={pending !== undefined} onClick={() => void start(provider)}>
              {pending === provider.id ? `Redirecting to ${provider.name}…` : `Continue with ${provider.name}`}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
