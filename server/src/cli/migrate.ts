import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** Applies pending migrations to the configured database (the server also does this at start). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await database.close();
}
