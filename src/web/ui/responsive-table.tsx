import { Fragment, type ReactNode } from 'react';
import { cn } from './cn';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures line up on the right in the table. */
  align?: 'right';
  /** Extra classes for the table's cells (e.g. whitespace-nowrap). */
  className?: string;
  /** A column of buttons: its header is for screen readers only, and in a card the buttons sit below the facts. */
  actions?: boolean;
}

// Static class names, so Tailwind sees them: the table from the breakpoint up, cards below it.
const tableFrom = { sm: 'sm:block', lg: 'lg:block', xl: 'xl:block' } as const;
const cardsUntil = { sm: 'sm:hidden', lg: 'lg:hidden', xl: 'xl:hidden' } as const;

/**
 * Rows as a table on a wide screen and as stacked cards below `cardsBelow` (640 px by default), each
 * card listing every column with its label, so nothing hides behind a sideways scroll on a phone.
 * The hidden one is display:none: neither screen readers nor the keyboard meet the rows twice.
 */
export function ResponsiveTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  cardsBelow = 'sm',
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  cardsBelow?: keyof typeof tableFrom;
}) {
  const facts = columns.filter((column) => !column.actions);
  const actions = columns.filter((column) => column.actions);
  return (
    <>
      {/* Focusable so a table wider than the screen can still be scrolled from the keyboard; relative so the
          visually hidden header text (absolutely positioned) stays inside it instead of widening the page. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={caption}
        className={cn(
          'relative hidden overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
          tableFrom[cardsBelow],
        )}
      >
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cn('px-4 py-3', column.align === 'right' && 'text-right')}>
                  {column.actions ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top">
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={cn('px-4 py-3', column.align === 'right' && 'text-right tabular-nums', column.actions && 'whitespace-nowrap', column.className)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} className={cn('grid gap-3', cardsUntil[cardsBelow])}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
              {facts.map((column) => (
                <Fragment key={column.header}>
                  <dt className="font-medium text-slate-600">{column.header}</dt>
                  <dd className={cn('min-w-0 break-words text-slate-900', column.align === 'right' && 'tabular-nums')}>{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
            {actions.map((column) => (
              <div key={column.header} className="mt-3 flex flex-wrap justify-end gap-2 empty:hidden">
                {column.cell(row)}
              </div>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
