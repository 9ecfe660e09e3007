import type { SignupItem } from '../../domain/admin';
import { formatSignupDate } from './format';
import { ReviewActions, type ReviewHandlers } from './review-actions';
import { StatusBadge } from './status-badge';

function SignupDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatSignupDate(iso)}</time>;
}

function Reason({ item }: { item: SignupItem }) {
  if (item.status !== 'rejected' || !item.statusReason) return null;
  return <p className="mt-1 text-xs break-words text-slate-600">Reason: {item.statusReason}</p>;
}

/**
 * The accounts as a table on a wide screen, and as cards on phones and tablets (the table cannot
 * fit 375 px without scrolling sideways). The hidden one is display:none, so neither screen
 * readers nor keyboard users meet it twice.
 */
export function SignupList({ items, ...handlers }: ReviewHandlers & { items: SignupItem[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 lg:block">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">User signups, newest first</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3">Name and email</th>
              <th scope="col" className="px-4 py-3">Type</th>
              <th scope="col" className="px-4 py-3">Phone</th>
              <th scope="col" className="px-4 py-3">Signed up</th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {items.map((item) => (
              <tr key={item.id} className="align-top">
                <td className="px-4 py-3">
                  <StatusBadge status={item.status} />
                </td>
                <td className="px-4 py-3">
                  <p className="font-medium text-slate-900">{item.name}</p>
                  <p className="break-all text-slate-600">{item.email}</p>
                  <Reason item={item} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{item.typeLabel}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{item.phone ?? '—'}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <SignupDate iso={item.signupDate} />
                </td>
                <td className="px-4 py-3">
                  <ReviewActions item={item} {...handlers} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 md:grid-cols-2 lg:hidden" aria-label="User signups, newest first">
        {items.map((item) => (
          <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words text-slate-900">{item.name}</p>
              <StatusBadge status={item.status} />
            </div>
            <Reason item={item} />
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">Email</dt>
              <dd className="min-w-0 break-all text-slate-800">{item.email}</dd>
              <dt className="text-slate-500">Type</dt>
              <dd className="text-slate-800">{item.typeLabel}</dd>
              <dt className="text-slate-500">Phone</dt>
              <dd className="text-slate-800">{item.phone ?? '—'}</dd>
              <dt className="text-slate-500">Signed up</dt>
              <dd className="text-slate-800">
                <SignupDate iso={item.signupDate} />
              </dd>
            </dl>
            <div className="mt-3 empty:hidden">
              <ReviewActions item={item} {...handlers} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
