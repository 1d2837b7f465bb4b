// `npm run operator -- grant <email> | revoke <email> | list`: who may use the operator back-office (/operator).
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
process.exitCode = await run(process.execPath, ['server/dist/cli/operator.js', ...process.argv.slice(2)]);
