import { z } from 'zod';

/**
 * One page of a list read with a keyset: the rows after the cursor, the cursor of the next page
 * (null on the last), and how many rows the whole list has (for "Showing 50 of 312"). Server and
 * web share it, so every paged list answers and is read the same way.
 */
export const PAGE_SIZE_DEFAULT = 25;
/** At most 50 rows a page: a list answer costs about the same for the busiest account as for a new one. */
export const PAGE_SIZE_MAX = 50;

export function keysetPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Pass back as `cursor` for the rows after these; null when there are none. */
    nextCursor: z.string().nullable(),
    /** Rows in the whole list (every page), under the same filter. */
    total: z.number().int(),
  });
}

export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}
