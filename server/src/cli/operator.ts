import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { operatorCommand } from './operator-command.js';

/** `npm run operator -- grant|revoke <email> | list` against the configured database (see operator-command.ts). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await migrateToLatest(database.db);
  const { ok, output } = await operatorCommand(database.db, process.argv.slice(2), config.plans.operatorEmails, new Date());
  (ok ? console.log : console.error)(output);
  process.exitCode = ok ? 0 : 2;
} finally {
  await database.close();
}
