import type { SignupItem } from '../../domain/admin';
import { ResponsiveTable, type Column } from '../ui/responsive-table';
import { useTimeZone } from '../ui/use-time-zone';
import { formatSignupDate } from './format';
import { ReviewActions, type ReviewHandlers } from './review-actions';
import { StatusBadge } from './status-badge';

function Reason({ item }: { item: SignupItem }) {
  if (item.status !== 'rejected' || !item.statusReason) return null;
  return <p className="mt-1 text-xs break-words text-slate-600">Reason: {item.statusReason}</p>;
}

/**
 * The accounts as a table on a wide screen, and as cards on phones and tablets: six columns and two
 * buttons do not fit beside the sidebar below the desktop breakpoint without scrolling sideways.
 */
export function SignupList({ items, ...handlers }: ReviewHandlers & { items: SignupItem[] }) {
  const zone = useTimeZone();
  const columns: Column<SignupItem>[] = [
    { header: 'Status', cell: (item) => <StatusBadge status={item.status} /> },
    {
      header: 'Name and email',
      cell: (item) => (
        <>
          <p className="font-medium text-slate-900">{item.name}</p>
          <p className="break-all text-slate-600">{item.email}</p>
          <Reason item={item} />
        </>
      ),
    },
    { header: 'Type', cell: (item) => item.typeLabel, className: 'whitespace-nowrap text-slate-700' },
    { header: 'Phone', cell: (item) => item.phone ?? '—', className: 'whitespace-nowrap text-slate-700' },
    { header: 'Signed up', cell: (item) => <time dateTime={item.signupDate}>{formatSignupDate(item.signupDate, zone)}</time>, className: 'whitespace-nowrap text-slate-700' },
    { header: 'Actions', cell: (item) => <ReviewActions item={item} {...handlers} />, actions: true },
  ];
  return <ResponsiveTable caption="User signups, newest first" columns={columns} rows={items} rowKey={(item) => item.id} cardsBelow="xl" />;
}
