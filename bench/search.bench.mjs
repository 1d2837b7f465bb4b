// Search at scale (issue #24): p50/p95 of global search with 0 and with 1,000,000 stored device
// events, and of a device's own event search (7 days, one page) when the build has it.
// Usage: npm run build:server && node bench/search.bench.mjs [sqlite|postgres ...]
//   EVENTS=<n> (default 1,000,000), ITERATIONS=<n> (default 200 per figure),
//   SERVER_DIST=<dir> to measure another build of server/ (e.g. main's, for "before").
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), own schema, dropped after.
// The events are generated inside the database (one INSERT … SELECT per 100,000), so the seeding
// costs what the schema's indexes and triggers cost, not a round trip per row.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { signUpOwner } from './owner.mjs';
import { buildApp, dropPostgresSchema, loadConfig, migrateToLatest, openDatabase, serverDist } from './server.mjs';

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const CHUNK = 100_000;
const COMPANIES = 10;
const DEVICES_PER_COMPANY = 1000;
const KINDS = ['Temperature', 'Door', 'Soil moisture', 'Water meter'];
/** Names, a word every event summary holds, DevEUI digits, a short prefix, a log code. */
const QUERIES = ['temperature', 'uplink', '00a', 'so', 'retransmission'];
const DAY_MS = 86_400_000;

const percentile = (values, p) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function time(label, run) {
  const samples = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    const response = await run(i);
    samples.push(performance.now() - started);
    if (response.statusCode >= 400) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
  }
  const result = { label, iterations: ITERATIONS, p50: percentile(samples, 50).toFixed(2), p95: percentile(samples, 95).toFixed(2) };
  process.stderr.write(`  ${label}: p50 ${result.p50} ms, p95 ${result.p95} ms\n`);
  return result;
}

/** A device id the benchmark can compute in SQL: company c's device k. */
const deviceId = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const companyId = (c) => `00000000-0000-4000-9000-${String(c).padStart(12, '0')}`;

async function fillEntities(db, ownerId) {
  const now = new Date().toISOString();
  for (let c = 0; c < COMPANIES; c++) {
    await db
      .insertInto('companies')
      .values({ id: companyId(c), name: `Company ${c}`, tenant_id: null, created_at: now })
      .execute();
    const rows = [];
    for (let k = 0; k < DEVICES_PER_COMPANY; k++) {
      const n = c * DEVICES_PER_COMPANY + k;
      rows.push({
        id: deviceId(n),
        company_id: companyId(c),
        dev_eui: n.toString(16).toUpperCase().padStart(16, '0'),
        name: `${KINDS[n % KINDS.length]} ${n}`,
        app_key: randomBytes(16).toString('hex').toUpperCase(),
        created_at: now,
      });
    }
    for (let start = 0; start < rows.length; start += 250)
      await db
        .insertInto('devices')
        .values(rows.slice(start, start + 250))
        .execute();
  }
  // The searcher sees company 0: its 1,000 devices and, below, every stored event.
  await db
    .insertInto('company_members')
    .values({ company_id: companyId(0), user_id: ownerId, role: 'owner', joined_at: now })
    .execute();
}

/** Events first..first+count of company 0's devices, one every 30 days / EVENTS, the newest now; a tenth are logs. */
function eventsSql(dialect, first, count, start, stepMs) {
  if (dialect === 'sqlite')
    return sql`
      with recursive n(i) as (select ${first} union all select i + 1 from n where i < ${first + count - 1})
      insert into device_events (id, company_id, device_id, type, summary, payload, created_at, dedupe_key, level, code)
      select printf('00000000-0000-4000-a000-%012d', i), ${companyId(0)}, printf('00000000-0000-4000-8000-%012d', i % ${DEVICES_PER_COMPANY}),
        case when i % 10 = 0 then 'log' else 'up' end,
        case when i % 10 = 0 then 'WARNING UPLINK_F_CNT_RETRANSMISSION: Retransmission' else 'Uplink on port 1, frame ' || i || ': 3 values' end,
        '{"fPort":1,"fCnt":' || i || ',"data":{"temperature":21.5}}',
        strftime('%Y-%m-%dT%H:%M:%fZ', (${start} + i * ${stepMs}) / 1000.0, 'unixepoch'),
        'up:' || i,
        case when i % 10 = 0 then 'WARNING' end,
        case when i % 10 = 0 then 'UPLINK_F_CNT_RETRANSMISSION' end
      from n`;
  return sql`
    insert into device_events (id, company_id, device_id, type, summary, payload, created_at, dedupe_key, level, code)
    select '00000000-0000-4000-a000-' || lpad(i::text, 12, '0'), ${companyId(0)}, '00000000-0000-4000-8000-' || lpad((i % ${DEVICES_PER_COMPANY})::text, 12, '0'),
      case when i % 10 = 0 then 'log' else 'up' end,
      case when i % 10 = 0 then 'WARNING UPLINK_F_CNT_RETRANSMISSION: Retransmission' else 'Uplink on port 1, frame ' || i || ': 3 values' end,
      '{"fPort":1,"fCnt":' || i || ',"data":{"temperature":21.5}}',
      to_char(to_timestamp((${start}::bigint + i * ${stepMs}::double precision) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'up:' || i,
      case when i % 10 = 0 then 'WARNING' end,
      case when i % 10 = 0 then 'UPLINK_F_CNT_RETRANSMISSION' end
    from generate_series(${first}::bigint, ${first + count - 1}::bigint) as i`;
}

async function fillEvents(db, dialect) {
  const stepMs = (30 * DAY_MS) / EVENTS;
  const start = Date.now() - 30 * DAY_MS;
  for (let first = 0; first < EVENTS; first += CHUNK) {
    await eventsSql(dialect, first, Math.min(CHUNK, EVENTS - first), start, stepMs).execute(db);
    process.stderr.write(`  ${Math.min(first + CHUNK, EVENTS)} events\n`);
  }
}

async function measure(app, headers, phase) {
  const get = (url) => app.inject({ method: 'GET', url, headers });
  const results = [await time(`${phase}: global search (all)`, (i) => get(`/api/search/?q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`))];
  for (const q of QUERIES) results.push(await time(`${phase}: global search "${q}"`, () => get(`/api/search/?q=${encodeURIComponent(q)}`)));
  // The device page's search exists only in builds that accept `q` there.
  const probe = await get(`/api/device/${deviceId(1)}/events?q=frame`);
  if (probe.statusCode === 200)
    results.push(
      await time(`${phase}: device events, 7 days, q, page of 25`, (i) =>
        get(`/api/device/${deviceId(i % DEVICES_PER_COMPANY)}/events?q=${i % 2 ? 'frame' : 'retransmission'}&page_size=25`),
      ),
    );
  return results;
}

async function bench(dialect) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-bench-'));
  const database = await openDatabase(dialect === 'postgres' ? { databaseUrl: url, pgSchema: schema } : { sqliteFile: path.join(dir, 'bench.sqlite') });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({
      // The slow runs (main at 1,000,000 events) outlast the default 15-minute access token.
      config: loadConfig({ LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL_SECONDS: '86400' }),
      database,
      logger: false,
    });
    const { headers, userId } = await signUpOwner(app, 'bench');
    await fillEntities(database.db, userId);
    await sql`analyze`.execute(database.db);
    const results = await measure(app, headers, '0 events');
    const filled = performance.now();
    await fillEvents(database.db, dialect);
    const fillSeconds = ((performance.now() - filled) / 1000).toFixed(1);
    process.stderr.write(`  filled in ${fillSeconds} s\n`);
    await sql`analyze`.execute(database.db);
    results.push(...(await measure(app, headers, `${EVENTS} events`)));
    await app.close();
    return { dialect, fillSeconds, results };
  } finally {
    await database.close().catch(() => undefined);
    if (dialect === 'postgres') await dropPostgresSchema(url, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
for (const dialect of dialects) {
  const report = await bench(dialect);
  console.log(`\n${report.dialect} (${serverDist}): ${COMPANIES * DEVICES_PER_COMPANY} devices, ${EVENTS} events (filled in ${report.fillSeconds} s)`);
  console.table(report.results);
}
