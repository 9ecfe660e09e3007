import { z } from 'zod';

/**
 * Home-health visit frequency: comma-separated segments `<visits per week>w<weeks>`, so `2w4` is
 * twice a week for four weeks and `1w1, 2w4` is once in the first week, then twice a week for four.
 */

export const MAX_VISITS_PER_WEEK = 7;
export const MAX_WEEKS_PER_SEGMENT = 12;

export const visitFrequencyMessage =
  'Use home-health notation such as 2w4 (twice a week for 4 weeks), or several like 1w1, 2w4';

export type VisitFrequencySegment = { perWeek: number; weeks: number };
export type VisitFrequency = { segments: VisitFrequencySegment[]; totalVisits: number; totalWeeks: number };

// Two digits at most, so "0002w4" or a pasted phone number fails on shape rather than on range.
const SEGMENT = /^(\d{1,2})\s*w\s*(\d{1,2})$/i;

/** Parses `text`; on failure `error` names the first segment at fault, in plain English. */
export function parseVisitFrequency(text: string): VisitFrequency | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Visit frequency is required' };

  const segments: VisitFrequencySegment[] = [];
  for (const raw of trimmed.split(',')) {
    const part = raw.trim();
    if (part === '') return { error: 'Each comma must separate two segments such as 1w1, 2w4' };
    const match = SEGMENT.exec(part);
    if (!match) return { error: `"${part}" is not in the form 2w4 (visits per week, w, weeks)` };
    const perWeek = Number(match[1]);
    const weeks = Number(match[2]);
    if (perWeek < 1 || perWeek > MAX_VISITS_PER_WEEK) {
      return { error: `"${part}": visits per week must be 1 to ${MAX_VISITS_PER_WEEK}` };
    }
    if (weeks < 1 || weeks > MAX_WEEKS_PER_SEGMENT) {
      return { error: `"${part}": weeks must be 1 to ${MAX_WEEKS_PER_SEGMENT}` };
    }
    segments.push({ perWeek, weeks });
  }

  return {
    segments,
    totalVisits: segments.reduce((sum, segment) => sum + segment.perWeek * segment.weeks, 0),
    totalWeeks: segments.reduce((sum, segment) => sum + segment.weeks, 0),
  };
}

/** The canonical spelling stored and shown: lower-case `w`, segments joined by ", ". */
export function formatVisitFrequency(frequency: Pick<VisitFrequency, 'segments'>): string {
  return frequency.segments.map((segment) => `${segment.perWeek}w${segment.weeks}`).join(', ');
}

const timesAWeek = ['', 'once', 'twice', 'three times', 'four times', 'five times', 'six times', 'seven times'];

/** Plain English, e.g. "once a week for 1 week, then twice a week for 4 weeks". */
export function describeVisitFrequency(frequency: Pick<VisitFrequency, 'segments'>): string {
  return frequency.segments
    .map(({ perWeek, weeks }) => {
      const times = timesAWeek[perWeek] ?? `${perWeek} times`;
      return `${times} a week for ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
    })
    .join(', then ');
}

/** Accepts any spacing and case; outputs the canonical form ("1w1, 2w4"). */
export const visitFrequencySchema = z
  .string({ error: visitFrequencyMessage })
  .trim()
  .max(100, visitFrequencyMessage)
  .transform((value, ctx) => {
    const parsed = parseVisitFrequency(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: visitFrequencyMessage });
      return z.NEVER;
    }
    return formatVisitFrequency(parsed);
  });
