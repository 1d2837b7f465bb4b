// `npm start`: install if needed, build if needed, then serve everything on PORT (8000).
// Migrations run when the server starts.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, log, quietEnv, root } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
log(`starting on http://localhost:${process.env.PORT ?? 8000}`);
const server = spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'inherit', env: { ...quietEnv, NODE_ENV: 'production' } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
