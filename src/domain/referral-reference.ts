import { z } from 'zod';
import { parseReferenceSearch, referenceSearchMessage } from './referral-reference-text';

// The reference's text (format, parse, label) lives without zod, for pages that only show it.
export * from './referral-reference-text';

/** A `reference` query parameter: the search box's text, validated and read as the number it names. */
export const referenceSearchSchema = z
  .string({ error: referenceSearchMessage })
  .max(100, { error: referenceSearchMessage, abort: true })
  .transform((value, ctx) => {
    const number = parseReferenceSearch(value);
    if (number === null) {
      ctx.addIssue({ code: 'custom', message: referenceSearchMessage });
      return z.NEVER;
    }
    return number;
  });
