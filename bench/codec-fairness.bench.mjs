// Codec fairness benchmark (issue #16): another company's ingest latency while one company floods
// the codec test-run endpoint with endless-loop codecs. One node as it runs (buildApp, in process,
// app.inject). Company B posts ChirpStack `up` events for a device whose profile has the LHT65N
// codec, one at a time, INTERVAL_MS apart; its latency is the answer's round trip (decoded in the
// sandbox and committed). Measured idle, then while company A keeps FLOOD test runs of
// `while (true) {}` in flight: each of A's clients sends its next run when the last is answered,
// or 100 ms after a refusal (as a client honouring a Retry-After would).
// Last, the database statements one refused run costs, counted over REFUSED_COUNT refused runs one
// at a time (a figure the machine's load cannot change).
// Usage: npm run build:server && node bench/codec-fairness.bench.mjs [sqlite|postgres ...]
//   SAMPLES=<n> (default 60), INTERVAL_MS=<ms> (default 100), FLOOD=<n> (default 200)
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signUpOwner } from './owner.mjs';
import { buildApp, dropPostgresSchema, load, loadConfig, migrateToLatest, openDatabase } from './server.mjs';

const { templateCatalog } = await load('templates/catalog/index.js');

const SAMPLES = Number(process.env.SAMPLES ?? 60);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 100);
const FLOOD = Number(process.env.FLOOD ?? 200);
const RETRY_MS = Number(process.env.RETRY_MS ?? 100);
const REFUSED_COUNT = Number(process.env.REFUSED_COUNT ?? 1000);

/** A Kysely plugin that counts the statements the app sends to the database. */
const statementCounter = () => ({
  statements: 0,
  transformQuery(args) {
    this.statements++;
    return args.node;
  },
  async transformResult(args) {
    return args.result;
  },
});
const LHT65N = templateCatalog.find((t) => t.id === 'dragino-lht65n');
const SAMPLE = Buffer.from(LHT65N.samples[0].bytes_hex, 'hex').toString('base64');
const DEV_EUI = 'a840410000000001';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50_ms: Math.round(percentile(sorted, 50)), p95_ms: Math.round(percentile(sorted, 95)), max_ms: Math.round(sorted.at(-1)) };
};

async function companyOf(app, name) {
  const { headers } = await signUpOwner(app, `${name}-${randomBytes(3).toString('hex')}`);
  const company = (await app.inject({ method: 'POST', url: '/api/company/', headers, payload: { name } })).json().id;
  return { headers, company };
}

async function bench(dialect) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-codec-fair-'));
  const database = await openDatabase(dialect === 'postgres' ? { databaseUrl: url, pgSchema: schema } : { sqliteFile: path.join(dir, 'bench.sqlite') });
  try {
    await migrateToLatest(database.db);
    const counter = statementCounter();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', NEW_COMPANY_PLAN: 'basic' }),
      database: { ...database, db: database.db.withPlugin(counter) },
      logger: false,
    });
    const a = await companyOf(app, 'flooder');
    const b = await companyOf(app, 'other');
    const profile = (await app.inject({ method: 'POST', url: `/api/template/${b.company}/dragino-lht65n`, headers: b.headers })).json().id;
    await app.inject({
      method: 'POST',
      url: '/api/device/bulk/',
      headers: b.headers,
      payload: { company_id: b.company, config: profile, devices: [{ dev_eui: DEV_EUI, app_key: 'A'.repeat(32) }] },
    });
    const key = (await app.inject({ method: 'POST', url: '/api/api-keys/', headers: b.headers, payload: { name: 'bench' } })).json().key;
    let fCnt = 0;
    const uplink = async () => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/ingest/chirpstack?event=up',
        headers: { authorization: `Bearer ${key}` },
        payload: {
          deduplicationId: randomUUID(),
          time: new Date().toISOString(),
          deviceInfo: { devEui: DEV_EUI, deviceName: 'b' },
          fCnt: fCnt++,
          fPort: 2,
          data: SAMPLE,
        },
      });
      if (response.statusCode !== 200) throw new Error(`uplink: HTTP ${response.statusCode} ${response.body}`);
      return performance.now() - started;
    };
    const measure = async () => {
      const latencies = [];
      for (let i = 0; i < SAMPLES; i++) {
        latencies.push(await uplink());
        await sleep(INTERVAL_MS);
      }
      return latencies;
    };
    for (let i = 0; i < 50; i++) await uplink(); // warm-up: JIT and the workers' WASM
    const idle = await measure();

    const flood = { running: true, answered: 0, refused: 0 };
    const testRun = () =>
      app.inject({
        method: 'POST',
        url: `/api/config/${a.company}/codec-test`,
        headers: a.headers,
        payload: { codec: 'function decodeUplink() { while (true) {} }', payload: '01', encoding: 'hex', fPort: 1 },
      });
    const client = async () => {
      while (flood.running) {
        const response = await testRun();
        if (response.statusCode === 200) flood.answered++;
        else if (response.statusCode === 429 || response.statusCode === 503) {
          flood.refused++;
          await sleep(RETRY_MS);
        } else throw new Error(`test run: HTTP ${response.statusCode} ${response.body}`);
      }
    };
    const clients = Array.from({ length: FLOOD }, client);
    await sleep(200); // the flood is queued before B's first uplink
    const flooded = await measure();
    flood.running = false;
    await Promise.all(clients);
    const before = counter.statements;
    for (let i = 0; i < REFUSED_COUNT; i++) {
      const response = await testRun();
      if (response.statusCode !== 429) throw new Error(`expected a refused run, got HTTP ${response.statusCode}`);
    }
    const statementsPerRefusal = (counter.statements - before) / REFUSED_COUNT;
    await app.close();
    return {
      dialect,
      idle: summary(idle),
      flooded: summary(flooded),
      flood_runs_answered: flood.answered,
      flood_runs_refused: flood.refused,
      statements_per_refused_run: statementsPerRefusal,
    };
  } finally {
    await database.close().catch(() => undefined);
    if (dialect === 'postgres') await dropPostgresSchema(url, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite'];
for (const dialect of dialects) console.log(JSON.stringify(await bench(dialect)));
