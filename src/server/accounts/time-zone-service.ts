import { usableTimeZone } from '../../domain/time-zones';
import { writeAudit } from '../audit/write-audit';
import type { Actor } from '../auth/session';
import { inTransaction, type Database } from '../db/client';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { updateTimeZone } from './time-zone-queries';

interface Deps {
  database: Database;
}

export interface UserTimeZone {
  /** The zone to read every time in: the chosen one, else the default. */
  timeZone: string;
  /** False until the user has chosen (the dashboard then asks, once). */
  chosen: boolean;
}

/**
 * The signed-in user's zone, with the default standing in until they choose one. The session lookup
 * read it with the actor (the same statement, so no second query), as current as the rest of it.
 */
export function timeZoneOf(actor: Actor): UserTimeZone {
  return { timeZone: usableTimeZone(actor.timeZone), chosen: actor.timeZone !== null };
}

/** Saves the signed-in user's zone (validated and made canonical by the route's schema), with its audit row. */
export async function changeTimeZone(deps: Deps, { actor, client, timeZone }: Caller & { timeZone: string }): Promise<UserTimeZone> {
  await inTransaction(deps.database, async ({ tx }) => {
    // Only a user without an account record (between social sign-in and choosing a type) gets here.
    if (!(await updateTimeZone(tx, actor.userId, timeZone))) {
      throw new AppError('CONFLICT', 'Choose agency or therapist first', { timeZone: 'Choose agency or therapist first' });
    }
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'account.time_zone_changed',
      entityType: 'useraccount',
      entityId: actor.userId,
      outcome: 'success',
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      details: { timeZone },
    });
  });
  return { timeZone, chosen: true };
}
