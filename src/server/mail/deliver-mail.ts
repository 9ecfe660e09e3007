import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema/index';

export interface MailDelivery {
  /** Delivers one queued mail. Throws when the SMTP server fails, so the job is retried. */
  deliver(mailId: string): Promise<void>;
  close(): void;
}

export function createMailDelivery(options: { db: Db; smtpUrl: string | undefined; from: string }): MailDelivery {
  const { db } = options;
  // Bounded, so a send ends well within the send-mail job's expiry (jobs/queue.ts) whatever the server does.
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : undefined;

  return {
    async deliver(mailId) {
      const mail = await db.query.mailMessages.findFirst({ where: eq(mailMessages.id, mailId) });
      // Delivered already (a retried job): not sent again. Delivery is at least once, not exactly
      // once: a crash between the SMTP server's acceptance and the update below sends it again on
      // retry, under the same Message-ID, which mail clients use to drop the duplicate.
      if (!mail || mail.status !== 'queued') return;
      if (!transport) {
        await db
          .update(mailMessages)
          .set({ status: 'stored', deliveredAt: new Date(), attempts: sql`${mailMessages.attempts} + 1` })
          .where(eq(mailMessages.id, mailId));
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
          messageId: `<${mail.id}@carerelay>`,
        });
      } catch (error) {
        await db
          .update(mailMessages)
          .set({ attempts: sql`${mailMessages.attempts} + 1`, lastError: (error as Error).message.slice(0, 500) })
          .where(eq(mailMessages.id, mailId));
        throw error;
      }
      await db
        .update(mailMessages)
        .set({ status: 'sent', deliveredAt: new Date(), attempts: sql`${mailMessages.attempts} + 1`, lastError: null })
        .where(eq(mailMessages.id, mailId));
    },
    close: () => transport?.close(),
  };
}
