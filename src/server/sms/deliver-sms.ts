import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsMessages } from '../db/schema/index';
import type { SmsProvider } from './twilio';

/** Delivers one queued SMS through the provider, or keeps it for the dev mailbox when there is none. */
export function createSmsDelivery(options: { db: Db; provider: SmsProvider | undefined }) {
  const { db, provider } = options;
  return async function deliver(smsId: string): Promise<void> {
    const [message] = await db.select().from(smsMessages).where(eq(smsMessages.id, smsId));
    if (!message || message.status !== 'queued') return;
    if (!provider) {
      await db.update(smsMessages).set({ status: 'stored', deliveredAt: new Date(), attempts: sql`${smsMessages.attempts} + 1` }).where(eq(smsMessages.id, smsId));
      return;
    }
    try {
      const { providerId } = await provider.send({ to: message.toNumber, body: message.body });
      await db
        .update(smsMessages)
        .set({ status: 'sent', providerId, deliveredAt: new Date(), attempts: sql`${smsMessages.attempts} + 1`, lastError: null })
        .where(eq(smsMessages.id, smsId));
    } catch (error) {
      await db
        .update(smsMessages)
        .set({ attempts: sql`${smsMessages.attempts} + 1`, lastError: (error as Error).message.slice(0, 500) })
        .where(eq(smsMessages.id, smsId));
      throw error;
    }
  };
}
