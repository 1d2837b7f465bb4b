// Bulk-job benchmark (issue #20): 100,000 devices in one company, then the streamed CSV export of
// all of them (first byte, total, the process's memory meanwhile), a job moving all of them to a
// unit and a job deleting all of them, each timed from the POST until the job reports done.
// Usage: npm run build:server && node bench/bulk-jobs.bench.mjs [sqlite|postgres ...] (BENCH_JOBS=0: the export alone)
// SERVER_DIST=<dir> measures another build of server/ (e.g. main's, for "before"). Each phase also
// reports the process's CPU time (user + system), which a loaded machine inflates far less than the
// wall time: on SQLite the database works in this process, so it counts too (PostgreSQL's does not).
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), own schema, dropped after.
import { randomUUID, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { signUpOwner } from './owner.mjs';
import { buildApp, dropPostgresSchema, loadConfig, migrateToLatest, openDatabase } from './server.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const MB = 1024 * 1024;

/** The process's CPU time (user + system) since `from` (a process.cpuUsage() reading), in ms. */
const cpuMs = (from) => {
  const used = process.cpuUsage(from);
  return ((used.user + used.system) / 1000).toFixed(0);
};

async function fill(db, ownerId) {
  const at = new Date(Date.now() - 60_000).toISOString();
  const company = randomUUID();
  const unit = randomUUID();
  await db.insertInto('companies').values({ id: company, name: 'Fleet', tenant_id: null, created_at: at }).execute();
  await db.insertInto('company_members').values({ company_id: company, user_id: ownerId, role: 'owner', joined_at: at }).execute();
  await db.insertInto('units').values({ id: unit, company_id: company, name: 'Moved', group_id: null, created_at: at }).execute();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < DEVICES; start += 500) {
      const rows = [];
      for (let n = start; n < Math.min(DEVICES, start + 500); n++) {
        rows.push({
          id: randomUUID(),
          company_id: company,
          dev_eui: n.toString(16).toUpperCase().padStart(16, '0'),
          name: `Sensor ${n}`,
          app_key: randomBytes(16).toString('hex').toUpperCase(),
          profile_id: null,
          unit_id: null,
          last_seen: n % 10 === 0 ? null : new Date(Date.now() - (n % 86_400) * 1000).toISOString(),
          power_source: n % 3 === 0 ? 'battery' : 'external',
          battery_level: n % 3 === 0 ? n % 100 : null,
          created_at: at,
        });
      }
      await trx.insertInto('devices').values(rows).execute();
    }
  });
  return { company, unit };
}

/** GET the export over a real socket: time to the first byte, to the last, the rows, and the largest RSS meanwhile. */
async function exportAll(origin, headers, company) {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(`${origin}/api/device/export?company_id=${company}&ordering=name`, { headers });
  if (response.status !== 200) throw new Error(`export: HTTP ${response.status}`);
  let firstByte;
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started;
    lines += decoder.decode(chunk, { stream: true }).split('\n').length - 1;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  return { firstByteMs: firstByte.toFixed(0), totalMs: total.toFixed(0), cpuMs: cpuMs(cpu), rows: lines - 1, rssGrowthMB: ((peak - baseline) / MB).toFixed(1) };
}

/** Starts a job through the API and waits until the node's runner reports it done. */
async function runJob(app, db, headers, body) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answer = await app.inject({ method: 'POST', url: '/api/bulk-job/', headers, payload: body });
  if (answer.statusCode !== 202) throw new Error(`bulk job: HTTP ${answer.statusCode} ${answer.body}`);
  const { id, total } = answer.json();
  for (;;) {
    const job = await db.selectFrom('bulk_jobs').select(['state', 'done_count']).where('id', '=', id).executeTakeFirstOrThrow();
    if (job.state !== 'queued' && job.state !== 'running') {
      if (job.state !== 'done' || job.done_count !== total) throw new Error(`bulk job ended ${job.state} at ${job.done_count}/${total}`);
      return { total, seconds: ((performance.now() - started) / 1000).toFixed(1), cpuMs: cpuMs(cpu) };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function bench(dialect) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-bench-'));
  const database = await openDatabase(dialect === 'postgres' ? { databaseUrl: url, pgSchema: schema } : { sqliteFile: path.join(dir, 'bench.sqlite') });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NEW_COMPANY_PLAN: 'basic' }), database, logger: false, bulkJobs: true });
    const { headers, userId } = await signUpOwner(app, 'bench');
    const filled = performance.now();
    const { company, unit } = await fill(database.db, userId);
    const fillSeconds = ((performance.now() - filled) / 1000).toFixed(1);
    await sql`analyze`.execute(database.db);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const exported = await exportAll(origin, headers, company);
    // BENCH_JOBS=0: the export alone (the jobs take minutes on a loaded machine).
    if (process.env.BENCH_JOBS === '0') {
      await app.close();
      return { dialect, fillSeconds, exported, moved: {}, deleted: {} };
    }
    const moved = await runJob(app, database.db, headers, { company_id: company, kind: 'move', filter: {}, unit });
    const deleted = await runJob(app, database.db, headers, { company_id: company, kind: 'delete', filter: {} });
    await app.close();
    return { dialect, fillSeconds, exported, moved, deleted };
  } finally {
    await database.close().catch(() => undefined);
    if (dialect === 'postgres') await dropPostgresSchema(url, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
console.log(
  `load average before: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} (${os.cpus().length} cores)`,
);
for (const dialect of dialects) {
  const report = await bench(dialect);
  console.log(`\n${report.dialect}: ${DEVICES} devices in one company (filled in ${report.fillSeconds} s)`);
  console.table({
    'export CSV (all, streamed)': {
      'first byte ms': report.exported.firstByteMs,
      'total ms': report.exported.totalMs,
      'CPU ms': report.exported.cpuMs,
      rows: report.exported.rows,
      'RSS growth MB': report.exported.rssGrowthMB,
    },
    'bulk job: move all to a unit': { 'total ms': Number(report.moved.seconds) * 1000, 'CPU ms': report.moved.cpuMs, rows: report.moved.total },
    'bulk job: delete all': { 'total ms': Number(report.deleted.seconds) * 1000, 'CPU ms': report.deleted.cpuMs, rows: report.deleted.total },
  });
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
}
