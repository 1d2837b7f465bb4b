// Fleet benchmark (issue #3): 100,000 devices in 100 companies, then p50/p95 of a device list
// page (sorted by last seen, filtered by search), of global search, and of a 1000-row bulk import.
// Usage: npm run build:server && node bench/fleet.bench.mjs [sqlite|postgres ...]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), own schema, dropped after.
import { randomUUID, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/dist/app.js';
import { loadConfig } from '../server/dist/config.js';
import { dropPostgresSchema, openDatabase } from '../server/dist/db/database.js';
import { migrateToLatest } from '../server/dist/db/migrate.js';
import { signUpOwner } from './owner.mjs';

const COMPANIES = 100;
const DEVICES_PER_COMPANY = 1000;
const ITERATIONS = 200;
const IMPORTS = 10;
const KINDS = ['Temperature', 'Door', 'Soil moisture', 'Water meter'];

const percentile = (values, p) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function time(label, iterations, run) {
  const samples = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const response = await run(i);
    samples.push(performance.now() - started);
    if (response.statusCode >= 400) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
  }
  return { label, iterations, p50: percentile(samples, 50).toFixed(2), p95: percentile(samples, 95).toFixed(2) };
}

async function fill(db, ownerId) {
  const now = Date.now();
  const companies = [];
  for (let c = 0; c < COMPANIES; c++) {
    const id = randomUUID();
    companies.push(id);
    await db
      .insertInto('companies')
      .values({ id, name: `Company ${c}`, tenant_id: null, created_at: new Date().toISOString() })
      .execute();
  }
  await db.insertInto('company_members').values({ company_id: companies[0], user_id: ownerId, role: 'owner', joined_at: new Date().toISOString() }).execute();
  for (let c = 0; c < COMPANIES; c++) {
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < DEVICES_PER_COMPANY; start += 500) {
        const rows = [];
        for (let i = start; i < start + 500; i++) {
          const n = c * DEVICES_PER_COMPANY + i;
          rows.push({
            id: randomUUID(),
            company_id: companies[c],
            dev_eui: n.toString(16).toUpperCase().padStart(16, '0'),
            name: `${KINDS[n % KINDS.length]} ${n}`,
            app_key: randomBytes(16).toString('hex').toUpperCase(),
            profile_id: null,
            unit_id: null,
            last_seen: n % 10 === 0 ? null : new Date(now - (n % 86_400) * 1000).toISOString(),
            power_source: n % 3 === 0 ? 'battery' : 'external',
            battery_level: n % 3 === 0 ? n % 100 : null,
            created_at: new Date(now).toISOString(),
          });
        }
        await trx.insertInto('devices').values(rows).execute();
      }
    });
  }
  return companies;
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
    const filled = performance.now();
    const companies = await fill(database.db, userId);
    const fillSeconds = ((performance.now() - filled) / 1000).toFixed(1);
    // Fresh statistics, as a long-running installation has them.
    await sql`analyze`.execute(database.db);
    const get = (url) => app.inject({ method: 'GET', url, headers });
    const results = [
      await time('device list (-last_seen, search)', ITERATIONS, (i) =>
        get(
          `/api/device/?company_id=${companies[0]}&ordering=-last_seen&search=${encodeURIComponent(KINDS[i % KINDS.length].slice(0, 4))}&page=${1 + (i % 5)}&page_size=25`,
        ),
      ),
      await time('device list (-last_seen, no filter)', ITERATIONS, (i) =>
        get(`/api/device/?company_id=${companies[0]}&ordering=-last_seen&page=${1 + (i % 20)}&page_size=25`),
      ),
      await time('global search', ITERATIONS, (i) => get(`/api/search/?q=${encodeURIComponent(`${KINDS[i % KINDS.length].slice(0, 5)}`)}`)),
      await time('global search (DevEUI digits)', ITERATIONS, (i) => get(`/api/search/?q=${(i * 7).toString(16).toUpperCase().padStart(3, '0')}`)),
      await time('bulk import, 1000 rows', IMPORTS, (i) =>
        app.inject({
          method: 'POST',
          url: '/api/device/bulk/',
          headers,
          payload: {
            company_id: companies[0],
            devices: Array.from({ length: 1000 }, (_, j) => ({
              dev_eui: `F${(i * 1000 + j).toString(16).padStart(15, '0')}`,
              app_key: 'A'.repeat(32),
              name: `Imported ${i}-${j}`,
            })),
          },
        }),
      ),
    ];
    await app.close();
    return { dialect, devices: COMPANIES * DEVICES_PER_COMPANY, fillSeconds, results };
  } finally {
    await database.close().catch(() => undefined);
    if (dialect === 'postgres') await dropPostgresSchema(url, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
for (const dialect of dialects) {
  const report = await bench(dialect);
  console.log(`\n${report.dialect}: ${report.devices} devices (filled in ${report.fillSeconds} s)`);
  console.table(report.results);
}
