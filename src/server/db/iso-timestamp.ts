import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamptz column as the text a JSON answer sends, formatted by PostgreSQL exactly as
 * `Date.prototype.toISOString()` writes it: UTC, milliseconds, the microseconds cut off as a Date
 * cuts them. For the rows of a list page, which go to the client as text: read as a timestamp, each
 * value was parsed into a Date and formatted back, about a fifth of a page's Node time.
 */
export function isoTimestamp<C extends AnyPgColumn>(column: C): SQL<C['_']['notNull'] extends true ? string : string | null> {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
