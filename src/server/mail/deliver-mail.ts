import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema/index';
import type { BatchJobHandler } from '../jobs/queue';
import { mailIdsOf } from './queue-mail';

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

/**
 * How a run sends: at most `sendsAtOnce` SMTP sends in flight, and none started later than
 * `startSendsWithinMs` after the run began. A fetched batch may hold hundreds of mails; against a
 * server that answers slowly, the ones not started in time wait for their job's retry (without
 * counting as an attempt) rather than keep the run going past the job's expiry (jobs/queue.ts):
 * a send started in time still ends within the transport's own timeouts.
 */
export interface SendLimits {
  sendsAtOnce: number;
  startSendsWithinMs: number;
}

// A send started by 10 s ends within the transport's timeouts below, well inside the 60 s expiry.
const DEFAULT_LIMITS: SendLimits = { sendsAtOnce: 20, startSendsWithinMs: 10_000 };

/** The error of a mail the run had no time left to send. */
export const NOT_TRIED = 'Not attempted: the delivery run had no time left to start it.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `mail_messages.id` is one of `ids`: one array parameter, so the statement's text is the same for any number. */
const idIn = (ids: readonly string[]) => sql`${mailMessages.id} = any(${sql.param(ids)}::uuid[])`;

export function createMailDelivery(options: { db: Db; smtpUrl: string | undefined; from: string; limits?: SendLimits }): MailDelivery {
  const { db } = options;
  const limits = options.limits ?? DEFAULT_LIMITS;
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
    const notTried = new Map<string, Error>();
    const started = Date.now();
    let next = 0;
    // A few senders share the mails out, so a batch of hundreds of mails opens sendsAtOnce
    // connections, not hundreds.
    const sender = async () => {
      for (let mail = queued[next++]; mail; mail = queued[next++]) {
        if (Date.now() - started > limits.startSendsWithinMs) {
          notTried.set(mail.id, new Error(NOT_TRIED));
          continue;
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
          sent.push(mail.id);
        } catch (error) {
          refused.set(mail.id, error instanceof Error ? error : new Error(String(error)));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(limits.sendsAtOnce, queued.length) }, sender));
    const failed = new Map([...refused, ...notTried]);
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

/**
 * The send-mail queue's handler: the mails of every job fetched are delivered together, and a job
 * fails (to be retried) when any of its mails did; its retry sends only those still queued.
 */
export function deliverMailJobs(mail: MailDelivery): BatchJobHandler<'send-mail'> {
  return async (jobs) => {
    const idsOfJobs = jobs.map((job) => mailIdsOf(job.data));
    const outcomes = await mail.deliverMany(idsOfJobs.flat());
    let at = 0;
    return idsOfJobs.map((ids) => outcomes.slice(at, (at += ids.length)).find((error) => error !== undefined));
  };
}
