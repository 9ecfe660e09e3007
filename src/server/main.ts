import { loadConfigOrExit } from './config';
import { leaveShutdownSignalsToCaller } from './db/embedded';
import { startRuntime } from './runtime';

async function main() {
  const config = loadConfigOrExit();

  const runtime = await startRuntime(config);
  const { app } = runtime;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await runtime.close();
    process.exit(0);
  };
  leaveShutdownSignalsToCaller();
  // A promise some library left floating must not end the process (Node's default): the database
  // going away for a moment is what usually rejects one, and the server rides that out.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`CareRelay is running at ${config.publicUrl}`);
  if (!config.databaseUrl) app.log.info(`embedded PostgreSQL data is in ${config.dataDir}/postgres`);
}

main().catch((error: unknown) => {
  console.error('CareRelay failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
