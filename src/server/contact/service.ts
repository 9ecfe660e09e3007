import type { ContactMessage } from '../../domain/inquiries';
import { inquirerTypeLabels } from '../../domain/inquiries';
import { inTransaction, type Database } from '../db/client';
import { contactMessages } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';

/** Stores a contact message and mails it to the team; replying to the mail answers the sender. */
export async function sendContactMessage(options: {
  database: Database;
  jobs: JobQueue;
  teamEmail: string;
  message: ContactMessage;
}) {
  const { message } = options;
  return inTransaction(options.database, async (t) => {
    const [row] = await t.tx
      .insert(contactMessages)
      .values(message)
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    await queueMail(t, options.jobs, {
      to: options.teamEmail,
      replyTo: message.email,
      subject: `Contact: ${message.subject}`,
      text: [
        `From: ${message.name} <${message.email}>`,
        `Company: ${message.company ?? '-'}`,
        `Phone: ${message.phone ?? '-'}`,
        `I am: ${inquirerTypeLabels[message.userType]}`,
        '',
        message.message,
      ].join('\n'),
    });
    return row!;
  });
}
