import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateLimit } from '../db/schema/index';
import { consumeRateLimit } from './db-rate-limit';
import { AppError } from '../errors';

export interface AddressRule {
  /** Names the counter; each rule counts apart from the others. */
  name: string;
  windowSeconds: number;
  max: number;
}

/**
 * An `onRequest` hook that counts each request against the client's address (`request.ip`, which
 * honours TRUST_PROXY) in the shared rate_limit table, so the limit holds across API instances. It
 * runs before the body is read, so a refused request costs one query and writes nothing. Past the
 * limit it answers 429 RATE_LIMITED with `retry-after`: the seconds until the window resets.
 */
export function limitPerAddress(db: Db, rule: AddressRule) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = `${rule.name}|${request.ip}`;
    try {
      await consumeRateLimit(db, key, rule);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
      const seconds = await secondsUntilReset(db, key, rule.windowSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError('RATE_LIMITED', `Too many requests from your address. Please try again in ${inWords(seconds)}.`);
    }
  };
}

/** The window starts at its first request (consumeRateLimit keeps that time in last_request). */
async function secondsUntilReset(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db.select({ start: rateLimit.lastRequest }).from(rateLimit).where(eq(rateLimit.key, key));
  const start = row?.start ?? Date.now();
  const left = Math.ceil((start + windowSeconds * 1000 - Date.now()) / 1000);
  return Math.min(windowSeconds, Math.max(1, left));
}

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
