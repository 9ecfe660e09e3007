import { parseArgs } from 'node:util';
import { inviteManagerSchema, type InviteManager } from '../../domain/admin';
import { createManager } from '../admin/service';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabaseForCommand } from '../db/open-for-command';
import { AppError } from '../errors';
import { startJobQueue } from '../jobs/queue';
import { createMailDelivery } from '../mail/deliver-mail';

const usage = [
  'Usage: npm run create-manager -- --email <email> --first-name <name> --last-name <name> --phone <phone>',
  '',
  'Creates a CareRelay manager (approved, role admin) and mails them a link to set their password.',
  'Uses DATABASE_URL, or else the embedded database under DATA_DIR (the running server’s, when it is up).',
].join('\n');

/** A plain reason to stop, printed without a stack trace. */
class UsageError extends Error {}

function parseInput(argv: string[]): InviteManager {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        phone: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const parsed = inviteManagerSchema.safeParse({
    email: values.email ?? '',
    firstName: values['first-name'] ?? '',
    lastName: values['last-name'] ?? '',
    phone: values.phone ?? '',
  });
  if (!parsed.success) {
    const flags: Record<string, string> = { email: '--email', firstName: '--first-name', lastName: '--last-name', phone: '--phone' };
    const lines = parsed.error.issues.map((issue) => `${flags[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
    throw new UsageError(`${lines.join('\n')}\n\n${usage}`);
  }
  return parsed.data;
}

/**
 * `npm run create-manager -- --email ... --first-name ... --last-name ... --phone ...`: creates the
 * first manager (or any other) with the same use case as the admin area's invitation.
 */
async function main() {
  const input = parseInput(process.argv.slice(2));
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.problems.join('\n'));
    throw error;
  }

  const { database, databaseUrl, close } = await openDatabaseForCommand(config).catch((error: unknown) => {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  });
  const cleanups: Array<() => Promise<void>> = [close];
  try {
    const jobs = await startJobQueue({
      databaseUrl,
      retryDelaySeconds: config.jobRetryDelaySeconds,
      retryLimit: config.jobRetryLimit,
      onError: () => {},
    });
    cleanups.unshift(() => jobs.stop());
    const manager = await createManager({ database, jobs, publicUrl: config.publicUrl }, { input });

    // Deliver the invitation now rather than waiting for the server's mail worker; the queued job
    // finds it delivered and does nothing. If SMTP fails here, that job retries it later.
    const mail = createMailDelivery({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
    let delivered = true;
    await mail.deliver(manager.mailId).catch((error: unknown) => {
      delivered = false;
      console.error(`Mail could not be sent yet (${error instanceof Error ? error.message : String(error)}); the server will retry it.`);
    });
    mail.close();

    console.log(`Manager created: ${manager.name} <${manager.email}> (role admin, approved).`);
    if (!config.smtpUrl) {
      console.log(
        `No SMTP_URL is set, so the set-password link is in the development mailbox: ${config.publicUrl}/dev/mailbox ` +
          '(start the server with `npm start` to open it).',
      );
    } else if (delivered) {
      console.log(`The set-password link was mailed to ${manager.email}. It expires in 30 minutes; after that, use "Forgot password".`);
    }
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(error.message);
    else if (error instanceof AppError) console.error(`Could not create the manager: ${error.message}`);
    else console.error('Could not create the manager:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
