import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Said plainly until the marketplace ships: no sample figures stand in for data that does not exist
 * yet (dashboard figures come from the database, never from constants).
 */
export function MarketplaceNotice({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="marketplace-next" className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
      <div className="flex items-start gap-3">
        <Sparkles className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <h2 id="marketplace-next" className="text-lg font-semibold text-slate-900">
            The marketplace arrives next
          </h2>
          <div className="mt-2 space-y-2 text-slate-700">{children}</div>
        </div>
      </div>
    </section>
  );
}

export function ProfileLink() {
  return (
    <p className="text-sm text-slate-700">
      Keep your professional details current:{' '}
      <Link to="/onboarding" className="font-semibold text-brand-700 underline hover:no-underline">
        review your profile
      </Link>
      .
    </p>
  );
}
