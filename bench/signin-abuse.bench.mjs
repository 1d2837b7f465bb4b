// Sign-in abuse (#16): the server's memory after many failed sign-ins with unique maximal emails,
// and a real user's sign-in latency while one address floods the sign-in with 48 parallel
// attempts. Runs a server process as `npm start` does (server/dist/main.js, SQLite in a fresh
// DATA_DIR) behind a "proxy": every request comes from 127.0.0.1 and names its client in
// X-Forwarded-For, so the bench can play many clients.
// Usage: npx tsc -p server/tsconfig.build.json && node bench/signin-abuse.bench.mjs
//   SERVER_DIR=<checkout>       run another checkout's build (the "before" figures: main)
//   TRUST_PROXY=true            what main needs to read X-Forwarded-For (default 127.0.0.1)
//   FAILURES=10000 HUGE=160 FLOOD=48 SAMPLES=20 ONE_ADDRESS=1 EXTRA_ENV='{"SIGNIN_ADDRESS_MAX":"100000"}'
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.resolve(process.env.SERVER_DIR ?? root);
const FAILURES = Number(process.env.FAILURES ?? 10_000);
const HUGE = Number(process.env.HUGE ?? 160);
const FLOOD = Number(process.env.FLOOD ?? 48);
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const IN_FLIGHT = 8;
const PASSWORD = 'real user password 1';

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-signin-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    MQTT_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    ...JSON.parse(process.env.EXTRA_ENV ?? '{}'),
  };
  const child = spawn(process.execPath, [path.join(serverDir, 'server/dist/main.js')], { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, pid: child.pid, stop };
}

const rssMiB = (pid) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};

async function post(base, route, email, password, client) {
  // A server refusing a body it will not read (413) may close the connection while it is still being sent.
  const response = await fetch(`${base}/api/auth/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, 'st-auth-mode': 'header' },
    body: JSON.stringify({
      formFields: [
        { id: 'email', value: email },
        { id: 'password', value: password },
      ],
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The 254-character email of attempt `i`: as long as the schema allows, different every time. */
const maximalEmail = (i) => `${String(i).padStart(242, 'x')}@example.com`;
// Many addresses (a botnet: every attempt reaches the password check) or, with ONE_ADDRESS=1, one.
const clientOf = (i) => (process.env.ONE_ADDRESS === '1' ? '10.0.0.1' : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);

async function failedSignIns(server, statuses, from, to) {
  let next = from;
  const worker = async () => {
    for (let i = next++; i < to; i = next++) {
      const status = await post(server.base, 'signin', maximalEmail(i), 'wrong password 1', clientOf(i + 1));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

async function realUserSignIns(server, email) {
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const status = await post(server.base, 'signin', email, PASSWORD, '198.51.100.7');
    times.push(performance.now() - started);
    if (status !== 200) throw new Error(`real user's sign-in: HTTP ${status}`);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function flooded(server, email) {
  let flooding = true;
  const statuses = new Map();
  const attacker = async (n) => {
    for (let i = 0; flooding; i++) {
      const status = await post(server.base, 'signin', `victim-${n}-${i}@example.com`, 'wrong password 1', '203.0.113.66');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const attackers = Array.from({ length: FLOOD }, (_, n) => attacker(n));
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let the flood fill the server
  const result = await realUserSignIns(server, email);
  flooding = false;
  await Promise.all(attackers);
  return { ...result, statuses };
}

const ms = (value) => `${Math.round(value)} ms`;
const counts = (statuses) => [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');

const server = await startServer();
try {
  const email = 'real-user@example.com';
  if ((await post(server.base, 'signup', email, PASSWORD, '198.51.100.7')) !== 200) throw new Error('sign-up failed');
  const idle = await realUserSignIns(server, email);
  console.log(`real user's sign-in, idle: p50 ${ms(idle.p50)}, p95 ${ms(idle.p95)}`);
  const flood = await flooded(server, email);
  console.log(
    `real user's sign-in during a ${FLOOD}-way flood from one address: p50 ${ms(flood.p50)}, p95 ${ms(flood.p95)} (flood answers: ${counts(flood.statuses)})`,
  );
  const before = rssMiB(server.pid);
  const statuses = new Map();
  const started = performance.now();
  await failedSignIns(server, statuses, 0, FAILURES / 2);
  // Half way: what is still growing in the second half is kept, what is not was the heap settling.
  const half = rssMiB(server.pid);
  await failedSignIns(server, statuses, FAILURES / 2, FAILURES);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const after = rssMiB(server.pid);
  console.log(
    `RSS ${before.toFixed(0)} MiB → ${half.toFixed(0)} MiB half way → ${after.toFixed(0)} MiB (${(after - before).toFixed(1)} MiB) after ${FAILURES} failed sign-ins with unique 254-character emails from as many addresses in ${seconds} s (${counts(statuses)})`,
  );
  const settled = rssMiB(server.pid);
  const huge = new Map();
  for (let i = 0; i < HUGE; i++) {
    const status = await post(
      server.base,
      'signin',
      `${String(i).padStart(1.5 * 1024 * 1024, 'y')}@example.com`,
      'wrong password 1',
      clientOf(FAILURES + i + 1),
    );
    huge.set(status, (huge.get(status) ?? 0) + 1);
  }
  const last = rssMiB(server.pid);
  console.log(
    `RSS ${settled.toFixed(0)} MiB → ${last.toFixed(0)} MiB (${(last - settled).toFixed(1)} MiB) after ${HUGE} failed sign-ins with unique 1.5 MB emails (${counts(huge)})`,
  );
} finally {
  await server.stop();
}
