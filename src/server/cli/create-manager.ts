import { parseArgs } from 'node:util';
import { inviteManagerSchema, type InviteManager } from '../../domain/admin';
import { createManager } from '../admin/service';
import { ConfigError, loadConfig, type Config } from '../config';
import { connectDatabase } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { migrateDatabase } from '../db/migrate';
import { AppError } from '../http/errors';
import { startJobQueue } from '../jobs/queue';
import { createMailDelivery } from '../mail/deliver-mail';

const usage = [
  'Usage: npm run create-manager -- --email <email> --first-name <name> --last-name <name> --phone <phone>',
  '',
  'Creates a CareRelay manager (approved, role admin) and mails them a link to set their password.',
  'Uses DATABASE_URL, or the embedded database under DATA_DIR when it is unset.',
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

async function openDatabase(config: Config) {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedDbPort }).catch((error: unknown) => {
      // Usually the server is running and holds the embedded database; it must be stopped first.
      throw new UsageError(
        `could not start the embedded database in ${config.dataDir}/postgres (is CareRelay already running? ` +
          `Stop it first, or set DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    databaseUrl = embedded.url;
  }
  return { databaseUrl, embedded };
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

  const { databaseUrl, embedded } = await openDatabase(config);
  const database = connectDatabase(databaseUrl, { max: 2 });
  const cleanups: Array<() => Promise<void>> = [() => database.close(), async () => void (await embedded?.stop())];
  try {
    await migrateDatabase(database);
    const jobs = await startJobQueue({
      databaseUrl,
      retryDelaySeconds: config.jobRetryDelaySeconds,
      retryLimit: config.jobRetryLimit,
      onError: () => {},
    });
    cleanups.unshift(() => jobs.stop());
    const manager = await createManager({ database, jobs, publicUrl: config.publicUrl }, { input, invitedBy: null });

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
          '(start the server with `npm run dev` to open it).',
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
