import { loadConfig } from '../config.js';
import { createRepositories, transactionRunner } from '../context.js';
import { openConfiguredDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createNetworkServer } from '../dataplane/network-server/index.js';
import { reconcileCommand } from './reconcile-command.js';

/** `npm run chirpstack:reconcile` against the configured database and ChirpStack (see reconcile-command.ts). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const networkServer = createNetworkServer(config);
try {
  await migrateToLatest(database.db);
  const ctx = {
    config,
    now: () => new Date(),
    repos: createRepositories(database.db, database.dialect),
    networkServer,
    transaction: transactionRunner(database.db, database.dialect),
  };
  const { ok, output } = await reconcileCommand(ctx, process.argv.slice(2));
  (ok ? console.log : console.error)(output.join('\n'));
  process.exitCode = ok ? 0 : 2;
} finally {
  networkServer.close();
  await database.close();
}
