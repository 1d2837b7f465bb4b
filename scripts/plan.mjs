// `npm run plan -- <company id> [plan]`: show or change a company's subscription plan (operator only).
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
process.exitCode = await run(process.execPath, ['server/dist/cli/plan.js', ...process.argv.slice(2)]);
