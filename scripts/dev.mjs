// `npm run dev`: the API on :8000 (recompiled and restarted on change) and Vite on :5173,
// which proxies /api to it (spec §7).
import { spawn } from 'node:child_process';
import { ensureInstalled, log, mustRun, quietEnv, root } from './lib.mjs';

await ensureInstalled();
await mustRun('npx', ['tsc', '-p', 'server/tsconfig.build.json']);
const children = [
  spawn('npx', ['tsc', '-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit', env: quietEnv }),
  spawn(process.execPath, ['--watch', 'server/dist/main.js'], { cwd: root, stdio: 'inherit', env: { ...quietEnv, PORT: '8000' } }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit', env: quietEnv }),
];
log('API on http://localhost:8000, console with hot reload on http://localhost:5173');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
