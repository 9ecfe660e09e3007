import type { TherapistReferral } from '../../../domain/referrals';
import { money } from './format';

/** The offered rate per service beside one or more other sets of rates (what was asked, countered). */
export function RateComparison({
  services,
  caption,
  columns,
}: {
  services: TherapistReferral['services'];
  caption: string;
  columns: Array<{ label: string; rates: Record<string, number> }>;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-600">
          <th scope="col" className="py-1.5 pr-2 font-medium">
            Service
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            Offered
          </th>
          {columns.map((column) => (
            <th key={column.label} scope="col" className="py-1.5 pl-2 text-right font-medium">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {services.map((service) => (
          <tr key={service.serviceId} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-1.5 pr-2 font-medium break-words text-slate-900">
              {service.name}
            </th>
            <td className="px-2 py-1.5 text-right tabular-nums">{money(service.offeredRate)}</td>
            {columns.map((column) => {
              const rate = column.rates[service.serviceId];
              return (
                <td key={column.label} className="py-1.5 pl-2 text-right font-semibold tabular-nums text-slate-900">
                  {rate === undefined ? '—' : money(rate)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
