// Server suite on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set or a local
// PostgreSQL answers at 127.0.0.1:5432 (user postgres, trust auth).
import net from 'node:net';
import { log, run } from './lib.mjs';

const extra = process.argv.slice(2);

function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const vitest = (name, env) =>
  run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      '--project',
      'server-client',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=test-results/server-${name}.json`,
      ...extra,
    ],
    {
      env: { ...process.env, ...env },
    },
  );

log('server tests on SQLite');
let failed = (await vitest('sqlite', { TEST_DB: 'sqlite' })) !== 0;

const url = process.env.TEST_DATABASE_URL || ((await answers('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : '');
if (url) {
  log(`server tests on PostgreSQL (${url.replace(/:[^:@/]*@/, ':***@')})`);
  failed = (await vitest('postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: url })) !== 0 || failed;
} else {
  log('no PostgreSQL answers at 127.0.0.1:5432 and TEST_DATABASE_URL is unset: PostgreSQL suite skipped');
}
process.exit(failed ? 1 : 0);
