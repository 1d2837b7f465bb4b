// The server Playwright starts: the same build and entry point as `npm start`, on its own
// port with a fresh, throw-away data directory (SQLite) so every e2e run starts empty.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, quietEnv, root } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
// Playwright names the directory (E2E_DATA_DIR) so specs can read the mail written under it.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'lora-e2e-'));
fs.mkdirSync(dataDir, { recursive: true });
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  // The browser tests sign up and in dozens of users from one address: lift the per-address limits.
  env: {
    ...quietEnv,
    SIGNIN_ADDRESS_MAX: '100000',
    SIGNUP_ADDRESS_MAX: '100000',
    EMAIL_EXISTS_ADDRESS_MAX: '100000',
    CODEC_TEST_MAX: '100000',
    PORT: process.env.PORT ?? '8100',
    MQTT_PORT: process.env.MQTT_PORT ?? '8884',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
