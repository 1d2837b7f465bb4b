// Time-series export benchmark (issues #20, #23): one device with 100,000 samples of five topics
// (20,000 uplinks a few minutes apart, as the ingest writes them), then its CSV export over a real
// socket, all topics and one topic: time to the first byte and to the last, and the rows.
// Usage: npm run build:server && node bench/series-export.bench.mjs [sqlite|postgres ...]
// SERVER_DIST=<dir> measures another build of server/ (bench/server.mjs). BENCH_UPLINKS changes the uplinks.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), own schema, dropped after.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { signUpOwner } from './owner.mjs';
import { buildApp, dropPostgresSchema, loadConfig, migrateToLatest, openDatabase } from './server.mjs';

const UPLINKS = Number(process.env.BENCH_UPLINKS ?? 20_000);
const TOPICS = ['battery_voltage', 'external_temperature', 'humidity', 'temperature', 'battery_state'];
const START = Date.parse('2026-10-01T00:00:00.000Z');
/** An uplink every 2 minutes: 20,000 of them span some 28 days. */
const STEP_MS = 120_000;

async function fill(db, ownerId) {
  const at = new Date(START).toISOString();
  const company = randomUUID();
  const device = randomUUID();
  await db.insertInto('companies').values({ id: company, name: 'Series', tenant_id: null, created_at: at }).execute();
  await db.insertInto('company_members').values({ company_id: company, user_id: ownerId, role: 'owner', joined_at: at }).execute();
  await db
    .insertInto('devices')
    .values({
      id: device,
      company_id: company,
      dev_eui: 'A840410000000001',
      name: 'Cold room',
      app_key: 'A'.repeat(32),
      power_source: 'battery',
      created_at: at,
    })
    .execute();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < UPLINKS; start += 100) {
      const rows = [];
      for (let n = start; n < Math.min(UPLINKS, start + 100); n++) {
        const ts = new Date(START + n * STEP_MS).toISOString();
        for (const [k, topic] of TOPICS.entries())
          rows.push({ device_id: device, topic, ts, value: JSON.stringify(k === 4 ? 'good' : 20 + ((n + k) % 100) / 10) });
      }
      await trx.insertInto('topic_samples').values(rows).execute();
    }
  });
  return device;
}

/** GET one export over a real socket: time to the first byte, to the last, and its rows. */
async function exported(origin, headers, url) {
  const started = performance.now();
  const response = await fetch(`${origin}${url}`, { headers });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  let firstByte;
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started;
    lines += decoder.decode(chunk, { stream: true }).split('\n').length - 1;
  }
  return { 'first byte ms': firstByte.toFixed(0), 'total ms': (performance.now() - started).toFixed(0), rows: lines - 1 };
}

async function bench(dialect) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-bench-'));
  const database = await openDatabase(dialect === 'postgres' ? { databaseUrl: url, pgSchema: schema } : { sqliteFile: path.join(dir, 'bench.sqlite') });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NEW_COMPANY_PLAN: 'basic' }), database, logger: false });
    const { headers, userId } = await signUpOwner(app, 'bench');
    const device = await fill(database.db, userId);
    await sql`analyze`.execute(database.db);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const period = `from=${new Date(START).toISOString()}&to=${new Date(START + UPLINKS * STEP_MS).toISOString()}`;
    const results = {};
    for (const round of [1, 2]) {
      results[`all topics (${round})`] = await exported(origin, headers, `/api/device/${device}/topics/export?${period}`);
      results[`one topic (${round})`] = await exported(origin, headers, `/api/device/${device}/topics/export?${period}&topic=temperature`);
    }
    await app.close();
    return results;
  } finally {
    await database.close().catch(() => undefined);
    if (dialect === 'postgres') await dropPostgresSchema(url, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
for (const dialect of dialects) {
  console.log(`\n${dialect}: ${UPLINKS} uplinks of ${TOPICS.length} topics on one device, load average ${os.loadavg()[0].toFixed(1)}`);
  console.table(await bench(dialect));
}
