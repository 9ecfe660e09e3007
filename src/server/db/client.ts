import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations, type RelationalSchemaConfig } from 'drizzle-orm';
import { drizzle, NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { preparedRunner } from './named-statement';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;

/** A connection a statement can run on: the pool, or the client of an open transaction. */
export interface SqlRunner {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/**
 * A pool that rides out the database going away. A database that does not answer (host gone,
 * packets dropped) fails a request in seconds instead of holding it, and its connection, forever.
 * pg-pool listens for a client's errors only while it is idle or inside `pool.query`; a connection
 * the server ends (a restart, a failover, pg_terminate_backend) can emit 'error' between those
 * moments, and an 'error' nobody listens to ends the process. So every client keeps a listener of
 * its own; its statement in flight fails on its own and the pool discards the broken client.
 */
export function createPool(url: string, options: { max: number; applicationName?: string }): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: options.max, connectionTimeoutMillis: 5000, application_name: options.applicationName });
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  return pool;
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = createPool(url, { max: options.max ?? 10 });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db, close: () => pool.end() };
}

export interface Transaction {
  tx: Db;
  /** The same connection, for libraries (pg-boss) that write their own SQL inside this transaction. */
  sql: SqlRunner;
  /** The same connection, for named prepared statements (named-statement.ts) inside this transaction. */
  client: pg.PoolClient;
}

const dialect = new PgDialect({ casing: 'snake_case' });
type Relations = ExtractTablesWithRelations<typeof schema>;
let relational: RelationalSchemaConfig<Relations> | undefined;

const dbOfClient = new WeakMap<pg.PoolClient, Db>();

/**
 * What drizzle(client, { schema, casing: 'snake_case' }) builds, with the schema's relational
 * config worked out once: drizzle() derives it from every table on each call, about 2 ms, and a
 * referral posted to thousands of therapists runs a transaction for each one's alert job. Made once
 * per connection, which the pool lends out again and again: building its query builders for every
 * table took about 1 % of the app's CPU in the matching benchmark when each transaction made its own.
 */
function transactionDb(client: pg.PoolClient): Db {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables as Relations, tableNamesMap: tables.tableNamesMap };
  }
  let db = dbOfClient.get(client);
  if (!db) {
    db = new NodePgDatabase<typeof schema>(dialect, new NodePgSession<typeof schema, Relations>(client, dialect, relational, {}), relational);
    dbOfClient.set(client, db);
  }
  return db;
}

/**
 * Runs `work` in one transaction on one client. Jobs sent through `sql` commit or roll back with the
 * rows they belong to, so a mail is never queued for a row that does not exist, nor lost for one that does.
 */
export async function inTransaction<T>(database: Database, work: (t: Transaction) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  // A checked-out client is not watched by the pool: a connection lost mid-transaction (a database
  // restart) emits 'error' on it, and an 'error' nobody listens to ends the process. The statement
  // in flight fails on its own; the broken client is destroyed on release instead of reused.
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  try {
    await client.query('BEGIN');
    const tx = transactionDb(client);
    const result = await work({
      tx,
      sql: preparedRunner(client),
      client,
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      lost ??= rollbackError;
    });
    throw error;
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
}
