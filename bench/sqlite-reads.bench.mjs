// Read benchmark (issue #24 step 5): does an expensive read stall everything else?
// 1. First answer of a new connection (GET /api/health/live, as a load balancer asks it) while
//    BUSY connections run global search over the stored events without pause: p50/p95.
// 2. Uplinks ingested per second alone, then while two users search without pause.
// The server runs in its own process (sqlite-reads-server.mjs); this one only generates load.
// Usage: npm run build:server && node bench/sqlite-reads.bench.mjs [sqlite|postgres ...]
//   BENCH_SERVER_DIST=<other checkout>/server/dist measures another build (e.g. main, "before").
//   EVENTS (stored uplink events, default 20000), BUSY (default 200), SQLITE_READ_WORKERS.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const EVENTS = Number(process.env.EVENTS ?? 20_000);
const BUSY = Number(process.env.BUSY ?? 200);
const PROBES = 40;
const PROBE_EVERY_MS = 250;
/** A probe that has no answer by then counts as failed (a load balancer would have given up long before). */
const PROBE_TIMEOUT_MS = 60_000;
const INGEST_MS = 10_000;
const IN_FLIGHT = 32;
const APPLICATION = '95856ede-1238-4272-b616-41f18dc10fc3';

function request(port, agent, method, path, headers = {}, body = undefined, timeout = undefined) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const options = {
      host: '127.0.0.1',
      port,
      method,
      path,
      agent,
      timeout,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    };
    const req = http.request(options, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

async function ok(response, label, status = [200, 201]) {
  const r = await response;
  if (!status.includes(r.status)) throw new Error(`${label}: HTTP ${r.status} ${r.text}`);
  return r.text ? JSON.parse(r.text) : undefined;
}

const shown = (ms) => (Number.isFinite(ms) ? Math.round(ms) : `> ${PROBE_TIMEOUT_MS}`);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Runs `call` in `count` loops until `stop()` says so; answers how many calls completed. `abort`
 * (destroying the loops' agent) ends calls still under way instead of waiting for them.
 */
function loops(count, call, abort = () => undefined) {
  let done = 0;
  let failed = 0;
  let running = true;
  const all = Promise.all(
    Array.from({ length: count }, async () => {
      while (running) {
        try {
          await call();
          done++;
        } catch {
          // An overloaded server drops connections (Node's headersTimeout): counted, and tried again.
          if (running) failed++;
        }
      }
    }),
  );
  return {
    done: () => done,
    failed: () => failed,
    stop: async () => {
      running = false;
      abort();
      await all;
    },
  };
}

async function setUp(port, agent) {
  const signUp = await request(
    port,
    agent,
    'POST',
    '/api/auth/signup',
    { 'st-auth-mode': 'header' },
    {
      formFields: [
        { id: 'email', value: 'reads@example.com' },
        { id: 'password', value: 'reads password 1' },
      ],
    },
  );
  const session = { authorization: `Bearer ${signUp.headers['st-access-token']}` };
  const company = (await ok(request(port, agent, 'POST', '/api/company/', session, { name: 'Reads' }), 'company')).id;
  const profile = (await ok(request(port, agent, 'POST', `/api/template/${company}/dragino-lht65n`, session), 'profile')).id;
  const devices = Array.from({ length: 100 }, (_, i) => ({ dev_eui: `A8404100${i.toString(16).padStart(8, '0')}`, app_key: 'A'.repeat(32) }));
  await ok(request(port, agent, 'POST', '/api/device/bulk/', session, { company_id: company, config: profile, devices }), 'devices');
  const key = (await ok(request(port, agent, 'POST', '/api/api-keys/', session, { name: 'bench' }), 'key')).key;
  const headers = { authorization: `Bearer ${key}` };
  let n = 0;
  const uplink = () => {
    const i = n++;
    const event = {
      deduplicationId: randomUUID(),
      time: new Date(Date.UTC(2026, 10, 22, 0, 0, 0, i)).toISOString(),
      deviceInfo: { devEui: devices[i % 100].dev_eui.toLowerCase(), deviceName: `bench-${i % 100}`, applicationId: APPLICATION },
      devAddr: '01a44c4c',
      fCnt: i,
      fPort: 2,
      data: 'y7wKdAF6AX//f/8=',
      object: { temperature: 20 + (i % 10), humidity: 50 },
    };
    return ok(request(port, agent, 'POST', '/api/ingest/chirpstack?event=up', headers, event), 'uplink', [200]);
  };
  const search = (searchAgent) => ok(request(port, searchAgent, 'GET', '/api/search/?q=uplink', headers), 'search', [200]);
  return { uplink, search };
}

let ingestFailed = 0;

/** Uplinks per second over INGEST_MS with IN_FLIGHT posts in flight. */
async function ingestRate(uplink) {
  const posting = loops(IN_FLIGHT, uplink);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, INGEST_MS));
  await posting.stop();
  ingestFailed += posting.failed();
  return Math.round(posting.done() / ((performance.now() - started) / 1000));
}

async function bench(dialect) {
  ingestFailed = 0;
  const server = fork(new URL('./sqlite-reads-server.mjs', import.meta.url), [dialect], { stdio: 'inherit' });
  const [{ port }] = await once(server, 'message');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const { uplink, search } = await setUp(port, agent);
    const seeding = loops(IN_FLIGHT, async () => uplink());
    while (seeding.done() < EVENTS) await new Promise((resolve) => setTimeout(resolve, 100));
    await seeding.stop();
    const searchMs = performance.now();
    await search(agent);
    const oneSearch = Math.round(performance.now() - searchMs);

    // 1. BUSY connections searching; new connections ask for liveness every PROBE_EVERY_MS.
    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: BUSY });
    const busy = loops(
      BUSY,
      () => search(busyAgent),
      () => busyAgent.destroy(),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const probes = [];
    for (let i = 0; i < PROBES; i++) {
      const started = performance.now();
      const live = request(port, false, 'GET', '/api/health/live', {}, undefined, PROBE_TIMEOUT_MS);
      probes.push(
        ok(live, 'live', [200]).then(
          () => performance.now() - started,
          () => Infinity,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    const firstAnswers = await Promise.all(probes);
    await busy.stop();
    // The server may still be working through searches of closed connections (queued for a read
    // worker, or for the event loop): a search answers once they are done. On a new connection:
    // the server may have closed the idle ones of `agent`.
    for (let settled = false; !settled;)
      settled = await search(false).then(
        () => true,
        () => false,
      );

    // 2. Ingest alone, then beside two users searching.
    const alone = await ingestRate(uplink);
    const searchAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const searching = loops(
      2,
      () => search(searchAgent),
      () => searchAgent.destroy(),
    );
    const beside = await ingestRate(uplink);
    await searching.stop();
    return {
      dialect,
      stored_events: seeding.done(),
      one_search_ms: oneSearch,
      first_answer_p50_ms: shown(percentile(firstAnswers, 50)),
      first_answer_p95_ms: shown(percentile(firstAnswers, 95)),
      probes_answered: `${firstAnswers.filter(Number.isFinite).length}/${PROBES}`,
      busy_searches_done_failed: `${busy.done()}/${busy.failed()}`,
      ingest_alone_per_s: alone,
      ingest_two_searching_per_s: beside,
      ingest_failed: ingestFailed,
    };
  } finally {
    agent.destroy();
    server.disconnect();
    await once(server, 'exit');
  }
}

const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
const results = [];
for (const dialect of dialects) results.push(await bench(dialect));
console.log(
  `server: ${process.env.BENCH_SERVER_DIST ?? 'server/dist'}, ${BUSY} busy connections, read workers: ${process.env.SQLITE_READ_WORKERS ?? 'default'}`,
);
console.table(results);
