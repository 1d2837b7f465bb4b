import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { SecretKeyMismatchError } from './secrets/sealed-box.js';

/** Starts the server: migrate, build, listen; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Until the app's logger exists, a lost idle connection is reported on stderr.
  let connectionLost = (error: Error) => console.error('database connection lost:', error.message);
  const database = await openConfiguredDatabase(config, (error) => connectionLost(error));
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, serveStatic: true, dataPlane: true });
  connectionLost = (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one on the next query');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck close still ends the process after 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`LoRa console on http://localhost:${config.port} (${database.dialect})`);
}

main().catch((error: unknown) => {
  // A key that does not open the stored secrets is the operator's to fix: the message says how.
  console.error(error instanceof SecretKeyMismatchError ? `cannot start: ${error.message}` : error);
  process.exit(1);
});
