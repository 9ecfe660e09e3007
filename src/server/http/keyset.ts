import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../domain/keyset-page';

/**
 * Keyset pagination, the one frame every paged list uses. A page is "the first `limit` rows after
 * this sort key", never "skip n rows": with an index on the sort key it is an index range scan that
 * costs the same on page 1 and page 100, and a row inserted meanwhile neither repeats nor hides one.
 *
 * The sort key is a unique tuple (a timestamp, then the row's id), so rows sharing a timestamp are
 * still ordered and a page boundary between them loses none. The cursor is that tuple of the page's
 * last row, base64url-encoded JSON: opaque to clients, checked on the way back in (a cursor from
 * another list or edited by hand is a 400 naming `cursor`, never a SQL error).
 *
 * Timestamps travel as PostgreSQL's own text (`created_at::text`, microseconds kept): a JavaScript
 * Date keeps milliseconds, and comparing with a truncated value would repeat rows.
 */

/** What one position of a sort key holds, to check a cursor coming back. */
export type KeyPart = 'timestamp' | 'uuid' | 'text';

const partChecks: Record<KeyPart, z.ZodType<string>> = {
  // PostgreSQL's ISO output of timestamptz, e.g. "2026-11-24 21:34:16.123456+00".
  timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/),
  uuid: z.uuid(),
  text: z.string().min(1).max(200),
};

export const CURSOR_MESSAGE = 'This cursor does not belong to this list. Start again from the first page.';
export const LIMIT_MESSAGE = `Ask for 1 to ${PAGE_SIZE_MAX} rows a page.`;

export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string, parts: readonly KeyPart[]): string[] | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length !== parts.length) return null;
  const key = decoded.map((value, index) => partChecks[parts[index]!].safeParse(value));
  return key.every((result) => result.success) ? key.map((result) => result.data!) : null;
}

/**
 * The query parameters of a paged list whose sort key has these parts: `limit` (1–50, default 25)
 * and `cursor` (decoded to the key tuple, or a field error on `cursor`).
 */
export function keysetQuerySchema(parts: readonly KeyPart[]) {
  return z.object({
    limit: z.coerce.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(PAGE_SIZE_MAX, { error: LIMIT_MESSAGE }).default(PAGE_SIZE_DEFAULT),
    cursor: z
      .string({ error: CURSOR_MESSAGE })
      .max(600, { error: CURSOR_MESSAGE, abort: true })
      .transform((value, ctx) => {
        const key = decodeCursor(value, parts);
        if (key === null) {
          ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
          return z.NEVER;
        }
        return key;
      })
      .optional()
      .describe('nextCursor of the previous page; absent for the first page'),
  });
}

/** Where a page starts and how long it is, as a query reads them. */
export interface PageRequest {
  limit: number;
  /** The sort key of the previous page's last row; absent for the first page. */
  after?: string[];
}

const casts: Record<KeyPart, SQL> = { timestamp: sql.raw('timestamptz'), uuid: sql.raw('uuid'), text: sql.raw('text') };

/**
 * The rows after the cursor in a newest-first list sorted by `columns` descending: one row-value
 * comparison, which PostgreSQL answers from a btree index on the same columns as a range scan.
 * No cursor: no condition (the first page). The cursor's values may be placeholders, bound when a
 * prepared page runs.
 */
export function afterKey(columns: readonly (SQLWrapper | SQL)[], parts: readonly KeyPart[], after: readonly (string | Placeholder)[] | undefined): SQL | undefined {
  if (!after) return undefined;
  const values = after.map((value, index) => sql`${value}::${casts[parts[index]!]}`);
  return sql`(${sql.join([...columns], sql`, `)}) < (${sql.join(values, sql`, `)})`;
}

/**
 * Splits rows read with `limit + 1` into the page (the extra row only tells that another page
 * exists) and the cursor of its last row.
 */
export function splitPage<Row>(rows: Row[], request: PageRequest, keyOf: (row: Row) => string[]): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= request.limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, request.limit);
  return { rows: kept, nextCursor: encodeCursor(keyOf(kept[kept.length - 1]!)) };
}
