import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * Timestamps of list rows, which go to the client as text. Read as timestamptz, pg parses each into
 * a Date (a regular expression and a Date built from its parts) and the presenter formats it back:
 * about a fifth of a list page's Node time. PostgreSQL's to_char would write the ISO text itself,
 * but costs it more than its own output. So a list reads the timestamp's text, and its presenter
 * rewrites that text (timestampIso).
 */

/** The column as PostgreSQL's text ("2026-03-04 05:06:07.123999+00" in a UTC session), left as text by pg. */
export function timestampText<C extends AnyPgColumn>(column: C): SQL<C['_']['notNull'] extends true ? string : string | null> {
  return sql`${column}::text`;
}

/**
 * PostgreSQL's text of a timestamptz (DateStyle ISO) as `Date.prototype.toISOString()` writes it:
 * "2026-03-04T05:06:07.123Z", the microseconds cut off as a Date cuts them. A UTC session's text
 * ("…+00", with no fraction, or its trailing zeros left off) is rewritten as text; any other offset
 * is parsed as pg would parse it.
 */
export function timestampIso(text: string): string;
export function timestampIso(text: string | null): string | null;
export function timestampIso(text: string | null): string | null {
  if (text === null) return null;
  if (text.length >= 22 && text.length <= 29 && text.endsWith('+00') && text[10] === ' ') {
    const milliseconds = `${text.slice(20, -3)}000`.slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
  }
  return (parseTimestamp(text) as Date).toISOString();
}

const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);
