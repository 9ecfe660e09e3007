import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema/index';

export interface MailDelivery {
  /** Delivers one queued mail. Throws when the SMTP server fails, so the job is retried. */
  deliver(mailId: string): Promise<void>;
  /**
   * Delivers the queued mails of a batch of send-mail jobs, read and recorded in bulk statements;
   * for each id, in order, undefined when it is delivered (or was already, or is no queued mail)
   * or the error that failed it, for its job to be retried.
   */
  deliverMany(mailIds: readonly string[]): Promise<Array<Error | undefined>>;
  close(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `mail_messages.id` is one of `ids`: one array parameter, so the statement's text is the same for any number. */
const idIn = (ids: readonly string[]) => sql`${mailMessages.id} = any(${sql.param(ids)}::uuid[])`;

export function createMailDelivery(options: { db: Db; smtpUrl: string | undefined; from: string }): MailDelivery {
  const { db } = options;
  // Bounded, so a send ends well within the send-mail job's expiry (jobs/queue.ts) whatever the server does.
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : undefined;

  /**
   * Only mail still queued is sent: one delivered already (a retried job) is not sent again.
   * Delivery is at least once, not exactly once: a crash between the SMTP server's acceptance and
   * the update recording it sends it again on retry, under the same Message-ID, which mail clients
   * use to drop the duplicate.
   */
  async function deliverMany(mailIds: readonly string[]): Promise<Array<Error | undefined>> {
    // An id that is no uuid names no mail, as an unknown one does.
    const ids = [...new Set(mailIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return mailIds.map(() => undefined);
    if (!transport) {
      // Kept for the dev mailbox: recorded in one statement, without reading them.
      await db
        .update(mailMessages)
        .set({ status: 'stored', deliveredAt: new Date(), attempts: sql`${mailMessages.attempts} + 1` })
        .where(and(idIn(ids), eq(mailMessages.status, 'queued')));
      return mailIds.map(() => undefined);
    }
    const queued = await db
      .select({
        id: mailMessages.id,
        toAddress: mailMessages.toAddress,
        replyTo: mailMessages.replyTo,
        subject: mailMessages.subject,
        textBody: mailMessages.textBody,
        htmlBody: mailMessages.htmlBody,
      })
      .from(mailMessages)
      .where(and(idIn(ids), eq(mailMessages.status, 'queued')));
    const refused = new Map<string, Error>();
    const sent: string[] = [];
    await Promise.all(
      queued.map(async (mail) => {
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
          sent.push(mail.id);
        } catch (error) {
          refused.set(mail.id, error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
    const failed = new Map(refused);
    // What was sent is recorded first; if that fails (the database went away), those jobs fail
    // with it and their mails go again on retry.
    if (sent.length > 0) {
      await db
        .update(mailMessages)
        .set({ status: 'sent', deliveredAt: new Date(), attempts: sql`${mailMessages.attempts} + 1`, lastError: null })
        .where(idIn(sent))
        .catch((error: unknown) => {
          for (const id of sent) failed.set(id, error instanceof Error ? error : new Error(String(error)));
        });
    }
    if (refused.size > 0) {
      const ids = [...refused.keys()];
      const errors = ids.map((id) => refused.get(id)!.message.slice(0, 500));
      await db.execute(sql`update ${mailMessages} set attempts = attempts + 1, last_error = f.error
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(errors)}::text[]) as f(id, error)
        where ${mailMessages.id} = f.id`);
    }
    return mailIds.map((id) => failed.get(id));
  }

  return {
    deliverMany,
    async deliver(mailId) {
      const [error] = await deliverMany([mailId]);
      if (error) throw error;
    },
    close: () => transport?.close(),
  };
}
