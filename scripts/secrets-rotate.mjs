// `npm run secrets:rotate -- [new key file]`: seal the database's secrets with a new key (operator only, nodes stopped).
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
process.exitCode = await run(process.execPath, ['server/dist/cli/secrets-rotate.js', ...process.argv.slice(2)]);
