import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../errors';

/**
 * Counts a request against `key` in the shared rate_limit table (the one better-auth uses), so the
 * limit holds across API instances. Throws RATE_LIMITED past `max` requests per `windowSeconds`.
 */
export async function consumeRateLimit(db: Db, key: string, rule: { windowSeconds: number; max: number }): Promise<void> {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limit (id, key, count, last_request)
    VALUES (${key}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request < ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
      last_request = CASE WHEN rate_limit.last_request < ${windowStart} THEN ${now} ELSE rate_limit.last_request END
    RETURNING count`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > rule.max) throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
}
