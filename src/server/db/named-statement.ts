import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

const dialect = new PgDialect({ casing: 'snake_case' });

/** Where a named statement runs: the pool, or one client (a transaction's). */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * A hot read written with drizzle's `sql` (its values as `sql.placeholder`s), compiled to text once
 * and run as a named prepared statement: PostgreSQL parses it once per connection and, after its
 * first runs, reuses a generic plan instead of planning each request. Names must be unique per
 * text (pg refuses a name reused for another text on one connection). Rows come back as pg parses
 * them (timestamps as Dates), as `db.execute` returns them.
 */
export function namedStatement<Row>(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (runner: Queryable, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await runner.query({ name, text, values: fillPlaceholders(params, values) });
    return result.rows as Row[];
  };
}

/**
 * The select list `column as "name", …` of a named statement, so its rows come back as objects keyed
 * by these names (pg's own rows, without drizzle's mapping of each value).
 */
export function selectList(fields: Record<string, SQLWrapper>): SQL {
  return sql.join(
    Object.entries(fields).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
}
