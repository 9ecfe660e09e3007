import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useAttention } from '../api/dashboards';
import { Loading } from '../ui/states';
import { EmptyCard, LoadError, Section } from './dashboard-ui';

function scrollToHash(link: string) {
  const id = link.split('#')[1];
  if (id) requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
}

/**
 * "Needs your attention" at the top of a dashboard: what waits on this user, counted by the server,
 * each line a link to where the work is done.
 */
export function AttentionList({ role }: { role: 'agency' | 'therapist' | 'manager' }) {
  const attention = useAttention(role);
  return (
    <Section title="Needs your attention" id="needs-attention">
      {attention.isPending && <Loading label="Checking what needs your attention…" />}
      {attention.isError && <LoadError message="We could not check what needs your attention." onRetry={() => void attention.refetch()} />}
      {attention.data &&
        (attention.data.items.length === 0 ? (
          <EmptyCard>Nothing needs your attention.</EmptyCard>
        ) : (
          <ul className="divide-y divide-amber-200 overflow-hidden rounded-2xl border border-amber-300 bg-amber-50">
            {attention.data.items.map((item) => (
              <li key={item.kind}>
                <Link
                  to={item.link}
                  // A line about work on this same page (a manager's credential changes) scrolls to it: the router does not follow a #hash.
                  onClick={() => scrollToHash(item.link)}
                  className="flex min-h-11 items-center justify-between gap-3 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                >
                  {item.label}
                  <ChevronRight className="size-4 shrink-0 text-amber-800" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </Section>
  );
}
