// `npm run chirpstack:reconcile -- [--company <id>] [--fix] [--adopt <company id>]`: compare this
// installation with ChirpStack (dry run by default) and fix what differs.
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
process.exitCode = await run(process.execPath, ['server/dist/cli/reconcile.js', ...process.argv.slice(2)]);
