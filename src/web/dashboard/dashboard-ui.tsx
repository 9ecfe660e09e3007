import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { ErrorState } from '../ui/states';

/**
 * One figure with its label; `hint` says what it counts. With `to`, the figure leads to the list it
 * counts: the label is the link, stretched over the whole card so the card is one large target.
 */
export function StatCard({ label, value, hint, to }: { label: string; value: ReactNode; hint?: string; to?: string }) {
  return (
    <div
      className={
        to
          ? 'relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors focus-within:outline-2 focus-within:outline-brand-600 hover:border-brand-600 hover:bg-brand-50'
          : 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm'
      }
    >
      <dt className="text-sm font-medium text-slate-700">
        {to ? (
          <Link to={to} className="-my-3 flex min-h-11 items-center gap-1 text-brand-800 after:absolute after:inset-0 after:rounded-2xl focus:outline-none">
            {label}
            <ChevronRight className="size-4" aria-hidden />
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="mt-2 text-3xl font-bold text-slate-900">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

export function QuickAction({ to, icon, title, children }: { to: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="group flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">{icon}</span>
      <span className="min-w-0">
        <span className="flex items-center gap-1 text-lg font-semibold text-slate-900 group-hover:text-brand-800">
          {title}
          <ChevronRight className="size-4" aria-hidden />
        </span>
        <span className="mt-1 block text-sm text-slate-700">{children}</span>
      </span>
    </Link>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function EmptyCard({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-5 py-6 text-sm text-slate-700">{children}</p>;
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorState
      message={message}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
