import { z } from 'zod';
import { isCalendarDate } from './onboarding';

export const EVV_EXPORT_MAX_DAYS = 366;
export const evvExportFormats = ['csv', 'json'] as const;

export const evvExportMessages = {
  from: 'Enter the first day as YYYY-MM-DD',
  to: 'Enter the last day as YYYY-MM-DD',
  order: 'The last day must be on or after the first day',
  range: `Choose at most ${EVV_EXPORT_MAX_DAYS} days`,
  format: 'Choose csv or json',
} as const;

const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, message);

/** GET /api/agency/evv-export and the agency's export form: both days inclusive, on the agency's calendar. */
export const evvExportQuerySchema = z
  .object({
    from: day(evvExportMessages.from).describe('First day, YYYY-MM-DD (the agency’s time zone), inclusive'),
    to: day(evvExportMessages.to).describe('Last day, YYYY-MM-DD (the agency’s time zone), inclusive'),
    format: z.enum(evvExportFormats, { error: evvExportMessages.format }).default('csv'),
  })
  .superRefine((query, context) => {
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    const days = daysBetween(query.from, query.to);
    if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: evvExportMessages.order });
    else if (days + 1 > EVV_EXPORT_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: evvExportMessages.range });
  });
export type EvvExportQuery = z.infer<typeof evvExportQuerySchema>;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
