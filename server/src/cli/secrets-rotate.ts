import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { rotateSecretsCommand } from './secrets-rotate-command.js';

/** `npm run secrets:rotate -- [new key file]` on the configured database (see secrets-rotate-command.ts). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await migrateToLatest(database.db);
  const { ok, output } = await rotateSecretsCommand(database.db, config.secrets, process.argv.slice(2));
  (ok ? console.log : console.error)(output);
  process.exitCode = ok ? 0 : 2;
} catch (error) {
  console.error(`secrets:rotate failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
