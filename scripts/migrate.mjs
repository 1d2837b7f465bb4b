// `npm run migrate`: apply pending migrations to the configured database and exit.
import { ensureBuilt, ensureInstalled, mustRun } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
await mustRun(process.execPath, ['server/dist/cli/migrate.js']);
