import { ArrowUp } from 'lucide-react';
import { formatRate } from './rates';

export interface RateColumn {
  label: string;
  rates: Record<string, number> | null;
}

interface ServiceOffer {
  serviceId: string;
  name: string;
  visitCount: number;
  offeredRate: number;
}

/**
 * The referral's services with the offered rate per visit, and beside it the rates someone asked,
 * countered or agreed — the one rates table of agencies and therapists alike. A rate above the
 * offer is marked by an icon and words as well as colour.
 */
export function RatesTable({ services, columns, caption }: { services: readonly ServiceOffer[]; columns: readonly RateColumn[]; caption: string }) {
  return (
    <div className="max-w-2xl overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-2">
              Service
            </th>
            <th scope="col" className="px-1.5 py-2 text-right">
              Offered
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-1.5 py-2 text-right">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {services.map((service) => (
            <tr key={service.serviceId}>
              <th scope="row" className="py-2 pr-2 font-normal text-slate-900">
                {service.name}
                <span className="block text-xs text-slate-600">
                  {service.visitCount} {service.visitCount === 1 ? 'visit' : 'visits'}
                </span>
              </th>
              <td className="px-1.5 py-2 text-right whitespace-nowrap text-slate-900">{formatRate(service.offeredRate)}</td>
              {columns.map((column) => (
                <RateCell key={column.label} rate={column.rates?.[service.serviceId]} offered={service.offeredRate} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RateCell({ rate, offered }: { rate: number | undefined; offered: number }) {
  if (rate === undefined) return <td className="px-1.5 py-2 text-right text-slate-500">—</td>;
  if (rate <= offered) return <td className="px-1.5 py-2 text-right whitespace-nowrap text-slate-900">{formatRate(rate)}</td>;
  return (
    <td className="px-1.5 py-2 text-right whitespace-nowrap" data-higher="true">
      <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-950">
        <ArrowUp className="size-3.5" aria-hidden />
        {formatRate(rate)}
        <span className="sr-only"> (higher than offered)</span>
      </span>
    </td>
  );
}
