import type { Lead } from '../../domain/inquiries';
import { inquirerTypeLabels } from '../../domain/inquiries';
import { inTransaction, type Database } from '../db/client';
import { leads } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';

/** Stores a lead from the landing page and mails it to the team in the same transaction. */
export async function createLead(options: { database: Database; jobs: JobQueue; teamEmail: string; lead: Lead }) {
  const { lead } = options;
  return inTransaction(options.database, async (t) => {
    const [row] = await t.tx.insert(leads).values(lead).returning({ id: leads.id, createdAt: leads.createdAt });
    await queueMail(t, options.jobs, {
      to: options.teamEmail,
      replyTo: lead.email,
      subject: `New lead: ${lead.name} (${lead.organisation})`,
      text: [
        `Name: ${lead.name}`,
        `Email: ${lead.email}`,
        `Organization: ${lead.organisation}`,
        `Role: ${inquirerTypeLabels[lead.role]}`,
        '',
        lead.message || '(no message)',
      ].join('\n'),
    });
    return row!;
  });
}
