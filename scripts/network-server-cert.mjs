// `npm run network-server:cert -- [directory] | --revoke`: the network server's client certificate for the embedded broker (operator only).
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
process.exitCode = await run(process.execPath, ['server/dist/cli/network-server-cert.js', ...process.argv.slice(2)]);
