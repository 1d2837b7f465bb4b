import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { planCommand } from './plan-command.js';

/** `npm run plan -- <company id> [plan]` against the configured database (see plan-command.ts). */
const database = await openConfiguredDatabase(loadConfig());
try {
  await migrateToLatest(database.db);
  const { ok, output } = await planCommand(database.db, process.argv.slice(2));
  (ok ? console.log : console.error)(output);
  process.exitCode = ok ? 0 : 2;
} finally {
  await database.close();
}
