import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { SqlRunner } from './client';

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

/** Prepared statements of preparedByText and preparedRunner on one connection, by text: the name each was given. */
const namesByText = new Map<string, string>();

function nameOf(text: string): string {
  let name = namesByText.get(text);
  if (!name) namesByText.set(text, (name = `by-text-${namesByText.size + 1}`));
  return name;
}

/**
 * Runs a library's statements (pg-boss's) as prepared statements named after their text, on the
 * pool or a transaction's client: PostgreSQL parses each once per connection, and plans it once
 * when a generic plan will do. pg-boss sends a few texts over and over (queue a job, fetch a
 * batch, complete it), and planning them afresh took a millisecond of the database's time for
 * each referral posted (its job, its alerts' mails). Its texts are a fixed few (pg-boss 10 puts only
 * its schema, a queue's table and fetch options into them, the values go as parameters), so the
 * names stay few, and each names its result columns or a count, so a column pg-boss adds later
 * does not break a prepared statement. A text without parameters may hold several statements
 * (pg-boss's maintenance), which cannot be prepared: it runs as it is.
 */
export function preparedRunner(runner: Queryable): SqlRunner {
  return {
    executeSql: (text, values) => (values && values.length > 0 ? runner.query({ name: nameOf(text), text, values }) : runner.query(text, values)),
  };
}

/**
 * A statement built on each call from a few shapes (the offer of a referral, with or without
 * others to notify), run as a prepared statement named after its text: PostgreSQL parses each
 * shape once per connection. The values are the statement's parameters, never its text, so the
 * shapes stay few.
 *
 * PostgreSQL still plans it on every run when it prices its generic plan above a custom one, as it
 * does where a parameter is a point on a map. `genericPlan` (inside a transaction only) plans it
 * once per connection whatever the price: for a statement whose plan is known not to depend on its
 * values (the offer of a referral: offers.ts says why).
 */
export async function preparedByText<Row>(runner: Queryable, query: SQL, options: { genericPlan?: boolean } = {}): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = nameOf(text);
  if (!options.genericPlan) return (await runner.query({ name, text, values: params })).rows as Row[];
  // Only for this statement: SET LOCAL ends with the transaction at the latest, and is undone
  // right after. A statement that fails aborts the transaction, which undoes it too.
  await runner.query(`set local plan_cache_mode = force_generic_plan`);
  const result = await runner.query({ name, text, values: params });
  await runner.query(`set local plan_cache_mode = default`);
  return result.rows as Row[];
}
