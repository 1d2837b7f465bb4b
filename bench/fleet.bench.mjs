// Fleet benchmark (issues #3 and #20): N devices in C companies, generated inside the database, then
// p50/p95 of every device list ordering the console offers (with and without search, with each of its
// filters), of global search, of the list's filter options, and of a 1000-row bulk import.
// Usage: npm run build:server && node bench/fleet.bench.mjs [sqlite|postgres ...] [--devices N] [--companies C]
//        [--iterations I] [--imports K] [--keep]
// Defaults: 100,000 devices in 100 companies, 100 iterations, 10 imports.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), own schema, dropped after.
// SQLite: SQLITE_READ_WORKERS reader threads (default 2, the server's default; 0 reads on the main thread).
// SERVER_DIST=<dir> measures another build's server (its dist directory; bench/server.mjs; it must sit
// inside this checkout, say server/dist-base, for its imports to find node_modules).
// WORDS=door,a84041 searches the list for those words only (one word: that word's own figures).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { signUpOwner } from './owner.mjs';
import { buildApp, dropPostgresSchema, foldFilterCounts, loadConfig, migrateToLatest, openDatabase } from './server.mjs';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    devices: { type: 'string', default: '100000' },
    companies: { type: 'string', default: '100' },
    iterations: { type: 'string', default: '100' },
    imports: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(options.devices);
const COMPANIES = Number(options.companies);
const ITERATIONS = Number(options.iterations);
const IMPORTS = Number(options.imports);
const PER_COMPANY = Math.ceil(DEVICES / COMPANIES);
/** The "large scope" user sees this many devices, through as many companies as that takes. */
const LARGE_SCOPE = 100_000;
const PROFILES_PER_COMPANY = 4;
const UNITS_PER_COMPANY = 8;
const GROUPS_PER_COMPANY = 2;
const KINDS = ['Temperature', 'Door', 'Soil moisture', 'Water meter'];
const VENDORS = ['A84041', '70B3D5', '0004A3'];
/** The JoinEUI every device without one has (domain/network.ts DEFAULT_JOIN_EUI). */
const NO_JOIN_EUI = '0000000000000000';
/** The UI's sortable columns (admin/devices/DeviceList.tsx) that the API orders by, both ways. */
const ORDERINGS = ['name', '-name', 'last_seen', '-last_seen', 'dev_eui', '-dev_eui'];
const POWER_STATUSES = ['external', 'battery', 'battery_low', 'unknown'];
const SEARCH_WORDS = process.env.WORDS?.split(',') ?? ['temp', 'door', 'moisture', 'a84041', '1234'];
const GLOBAL_WORDS = { 'a device kind': 'temperature', 'DevEUI digits': 'a840410', 'two letters': 'so', 'a number': '4242', 'no match': 'zzqx' };

// Deterministic ids of the generated rows, valid UUIDs: a type digit, then the row's number in hex.
const uuidOf = (kind, n) => `${kind}0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const companyId = (c) => uuidOf('c', c);

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
  return { label, iterations, p50: Number(percentile(samples, 50).toFixed(2)), p95: Number(percentile(samples, 95).toFixed(2)) };
}

/** SQL of one dialect for the generator: the series of row numbers, hex, and ISO timestamps `secs` before `epoch`. */
function dialectSql(dialect) {
  if (dialect === 'postgres')
    return {
      series: (count) => `SELECT n FROM generate_series(0::bigint, ${count - 1}) AS s(n)`,
      hex: (expression, width) => `lpad(to_hex(${expression}), ${width}, '0')`,
      iso: (epoch, secs) => `to_char(to_timestamp(${epoch} - (${secs})) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      appKey: (n) => `upper(md5((${n})::text))`,
      div: (a, b) => `((${a}) / ${b})`,
    };
  return {
    series: (count) => `WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n + 1 < ${count}) SELECT n FROM s`,
    hex: (expression, width) => `printf('%0${width}x', ${expression})`,
    iso: (epoch, secs) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${epoch} - (${secs}), 'unixepoch')`,
    appKey: () => `hex(randomblob(16))`,
    div: (a, b) => `((${a}) / ${b})`,
  };
}

const uuidSql = (d, kind, expression) => `'${kind}0000000-0000-4000-8000-' || ${d.hex(expression, 12)}`;

/** The device's search entry terms, as the trigger of migration 0009 writes them. */
const deviceTerms = `lower(d.name || ' ' || d.dev_eui || CASE WHEN d.join_eui = '${NO_JOIN_EUI}' THEN '' ELSE ' ' || d.join_eui END)`;

/**
 * Companies, their profiles, groups and units (through the search triggers: a few hundred thousand
 * rows at most), then the devices in one INSERT … SELECT. On PostgreSQL the devices' search trigger
 * is off during that statement and their entries are written in one more; the result is checked
 * against the trigger itself afterwards (checkIndex).
 */
async function fill(db, dialect, userIds) {
  const d = dialectSql(dialect);
  const epoch = Math.floor(Date.now() / 1000);
  const now = new Date(epoch * 1000).toISOString();
  const run = (statement) => sql.raw(statement).execute(db);
  const ofCompany = (perCompany) => `${d.div('n', perCompany)}`;
  await run(
    `INSERT INTO companies (id, name, tenant_id, plan, created_at) SELECT ${uuidSql(d, 'c', 'n')}, 'Company ' || n, NULL, 'basic', '${now}' FROM (${d.series(COMPANIES)}) s`,
  );
  await run(
    `INSERT INTO profiles (id, company_id, name, codec, created_at) SELECT ${uuidSql(d, 'b', 'n')}, ${uuidSql(d, 'c', ofCompany(PROFILES_PER_COMPANY))}, ` +
      `'Profile ' || (n % ${PROFILES_PER_COMPANY}), '', '${now}' FROM (${d.series(COMPANIES * PROFILES_PER_COMPANY)}) s`,
  );
  await run(
    `INSERT INTO groups (id, company_id, name, created_at) SELECT ${uuidSql(d, 'e', 'n')}, ${uuidSql(d, 'c', ofCompany(GROUPS_PER_COMPANY))}, ` +
      `'Site ' || (n % ${GROUPS_PER_COMPANY}), '${now}' FROM (${d.series(COMPANIES * GROUPS_PER_COMPANY)}) s`,
  );
  await run(
    `INSERT INTO units (id, company_id, name, group_id, created_at) SELECT ${uuidSql(d, 'a', 'n')}, ${uuidSql(d, 'c', ofCompany(UNITS_PER_COMPANY))}, ` +
      `'Unit ' || (n % ${UNITS_PER_COMPANY}), ${uuidSql(d, 'e', `${d.div('n', UNITS_PER_COMPANY)} * ${GROUPS_PER_COMPANY} + n % ${GROUPS_PER_COMPANY}`)}, '${now}' ` +
      `FROM (${d.series(COMPANIES * UNITS_PER_COMPANY)}) s`,
  );
  const company = ofCompany(PER_COMPANY);
  const kind = `CASE n % 4 ${KINDS.map((k, i) => `WHEN ${i} THEN '${k}'`).join(' ')} END`;
  const vendor = `CASE n % 3 ${VENDORS.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;
  // Spread: a tenth never seen, the rest within 30 days in no particular order; four in ten on
  // battery (a sixth of those low), half on external power, a tenth unknown; a fifth without profile,
  // a sixth without unit; a quarter without JoinEUI.
  const devices =
    `INSERT INTO devices (id, company_id, dev_eui, join_eui, name, app_key, profile_id, unit_id, last_seen, power_source, battery_level, created_at) ` +
    `SELECT ${uuidSql(d, 'd', 'n')}, ${uuidSql(d, 'c', company)}, upper(${vendor} || ${d.hex('n', 10)}), ` +
    `CASE WHEN n % 4 = 0 THEN '${NO_JOIN_EUI}' ELSE ${vendor} || 'D57ED00000' END, ${kind} || ' ' || n, ${d.appKey('n')}, ` +
    `CASE WHEN n % 5 = 4 THEN NULL ELSE ${uuidSql(d, 'b', `${company} * ${PROFILES_PER_COMPANY} + n % 5`)} END, ` +
    `CASE WHEN n % 6 = 5 THEN NULL ELSE ${uuidSql(d, 'a', `${company} * ${UNITS_PER_COMPANY} + (n * 7) % ${UNITS_PER_COMPANY}`)} END, ` +
    `CASE WHEN n % 10 = 0 THEN NULL ELSE ${d.iso(epoch, '(n * 7919) % 2592000')} END, ` +
    `CASE WHEN n % 10 < 4 THEN 'battery' WHEN n % 10 < 9 THEN 'external' ELSE 'unknown' END, ` +
    `CASE WHEN n % 10 < 4 THEN (n * 37) % 101 END, ${d.iso(epoch, '(n % 365) * 86400')} FROM (${d.series(DEVICES)}) s`;
  if (dialect === 'postgres') {
    await db.transaction().execute(async (trx) => {
      // A million rows take longer than the server's statement timeout.
      await sql.raw('SET LOCAL statement_timeout = 0').execute(trx);
      await sql.raw('ALTER TABLE devices DISABLE TRIGGER devices_search').execute(trx);
      await sql.raw(devices).execute(trx);
      await sql
        .raw(
          `INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) SELECT 'device', d.id, d.company_id, NULL, d.name, ${deviceTerms} FROM devices d`,
        )
        .execute(trx);
      await sql.raw('ALTER TABLE devices ENABLE TRIGGER devices_search').execute(trx);
    });
  } else {
    await run(devices);
  }
  const [oneCompanyUser, largeScopeUser] = userIds;
  await run(`INSERT INTO company_members (company_id, user_id, role, joined_at) VALUES ('${companyId(0)}', '${oneCompanyUser}', 'owner', '${now}')`);
  const largeCompanies = Math.min(COMPANIES, Math.ceil(LARGE_SCOPE / PER_COMPANY));
  if (largeScopeUser)
    await run(
      `INSERT INTO company_members (company_id, user_id, role, joined_at) SELECT ${uuidSql(d, 'c', 'n')}, '${largeScopeUser}', 'owner', '${now}' FROM (${d.series(largeCompanies)}) s`,
    );
  return largeCompanies;
}

/**
 * The search index holds one entry per device, each what the device trigger writes: a sample of
 * devices is touched (UPDATE OF name, which fires the trigger) and their entries must not change.
 */
async function checkIndex(db) {
  const count = async (query) => Number((await sql.raw(query).execute(db)).rows[0].count);
  const devices = await count('SELECT count(*) AS count FROM devices');
  const entries = await count(`SELECT count(*) AS count FROM search_entries WHERE type = 'device'`);
  if (devices !== DEVICES || entries !== DEVICES) throw new Error(`fill: ${devices} devices and ${entries} device search entries, ${DEVICES} expected`);
  const sample = `SELECT id FROM devices WHERE id IN (${[0, 1, 2, 3, 7, DEVICES - 1, Math.floor(DEVICES / 3)].map((n) => `'${uuidOf('d', n)}'`).join(', ')})`;
  const read = async () =>
    (await sql.raw(`SELECT id, company_id, name, terms FROM search_entries WHERE type = 'device' AND id IN (${sample}) ORDER BY id`).execute(db)).rows;
  const before = JSON.stringify(await read());
  await sql.raw(`UPDATE devices SET name = name WHERE id IN (${sample})`).execute(db);
  const after = JSON.stringify(await read());
  if (before !== after) throw new Error(`fill: the bulk search entries differ from the trigger's:\n${before}\n${after}`);
}

/** Every case for one signed-in user; `company` is the company the console has selected (none: all of the user's). */
async function measure(app, headers, company) {
  const get = (url) => app.inject({ method: 'GET', url, headers });
  const scope = company ? `company_id=${company}&` : '';
  // The console's list asks for a bounded count (bounded_count, issue #20).
  const page = (i) => `page=${1 + (i % 5)}&page_size=25&bounded_count=true`;
  const word = (i) => encodeURIComponent(SEARCH_WORDS[i % SEARCH_WORDS.length]);
  const results = [];
  for (const ordering of ORDERINGS) {
    results.push(await time(`list ordering=${ordering}`, ITERATIONS, (i) => get(`/api/device/?${scope}ordering=${ordering}&${page(i)}`)));
    results.push(
      await time(`list ordering=${ordering}, search`, ITERATIONS, (i) => get(`/api/device/?${scope}ordering=${ordering}&search=${word(i)}&${page(i)}`)),
    );
  }
  // The filters pick the company's own profiles and units (company 0's, which every scope holds).
  const profile = (i) => uuidOf('b', i % PROFILES_PER_COMPANY);
  const unit = (i) => uuidOf('a', i % UNITS_PER_COMPANY);
  const power = (i) => POWER_STATUSES[i % POWER_STATUSES.length];
  for (const [name, filter] of [
    ['profile', (i) => `profile=${profile(i)}`],
    ['unit', (i) => `unit=${unit(i)}`],
    ['power_status', (i) => `power_status=${power(i)}`],
  ]) {
    results.push(await time(`list -last_seen, ${name} filter`, ITERATIONS, (i) => get(`/api/device/?${scope}ordering=-last_seen&${filter(i)}&${page(i)}`)));
    results.push(
      await time(`list -last_seen, ${name} filter, search`, ITERATIONS, (i) =>
        get(`/api/device/?${scope}ordering=-last_seen&${filter(i)}&search=${word(i)}&${page(i)}`),
      ),
    );
  }
  for (const field of ['config', 'unit', 'power_status']) {
    results.push(await time(`filter options ${field}`, ITERATIONS, () => get(`/api/filter_options/device/${field}?${scope.replace(/&$/, '')}`)));
  }
  for (const [name, q] of Object.entries(GLOBAL_WORDS)) {
    results.push(await time(`global search, ${name} ("${q}")`, ITERATIONS, () => get(`/api/search/?q=${encodeURIComponent(q)}`)));
  }
  return results;
}

async function bench(dialect) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-bench-'));
  // SQLite reads through the server's pool of reader threads, as a server runs it (SQLITE_READ_WORKERS, default 2).
  const readWorkers = Number(process.env.SQLITE_READ_WORKERS ?? 2);
  const database = await openDatabase(
    dialect === 'postgres' ? { databaseUrl: url, pgSchema: schema } : { sqliteFile: path.join(dir, 'bench.sqlite'), readWorkers },
  );
  try {
    await migrateToLatest(database.db);
    // A day's access token: filling and measuring a million devices outlasts the default 15 minutes.
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', NEW_COMPANY_PLAN: 'basic', ACCESS_TOKEN_TTL_SECONDS: '86400' }),
      database,
      logger: false,
    });
    const one = await signUpOwner(app, 'bench');
    // A user whose companies hold LARGE_SCOPE devices, when the member of one company sees fewer.
    const large = PER_COMPANY < Math.min(LARGE_SCOPE, DEVICES) ? await signUpOwner(app, 'fleet') : undefined;
    const started = performance.now();
    const largeCompanies = await fill(database.db, dialect, [one.userId, large?.userId]);
    const fillSeconds = ((performance.now() - started) / 1000).toFixed(1);
    // PostgreSQL's filter counts, as a running server has them a few seconds after the fill.
    await foldFilterCounts(database.db, dialect);
    await checkIndex(database.db);
    // Fresh statistics, as a long-running installation has them: of this benchmark's tables only (a
    // bare ANALYZE on PostgreSQL reads every schema of the database), without the statement timeout.
    const analyzed = performance.now();
    await database.db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(trx);
      await sql.raw(dialect === 'postgres' ? 'analyze companies, company_members, profiles, groups, units, devices, search_entries' : 'analyze').execute(trx);
    });
    const analyzeSeconds = ((performance.now() - analyzed) / 1000).toFixed(1);
    // Progress as it comes: a million-device run measures for the better part of an hour.
    console.log(`${dialect}: filled in ${fillSeconds} s, ANALYZE ${analyzeSeconds} s`);
    const scopes = [{ label: `member of 1 company (${PER_COMPANY} devices), company selected`, results: await measure(app, one.headers, companyId(0)) }];
    console.log(`SCOPE ${JSON.stringify(scopes[0])}`);
    if (large) {
      const label = `member of ${largeCompanies} companies (${largeCompanies * PER_COMPANY} devices), no company selected`;
      scopes.push({ label, results: await measure(app, large.headers, undefined) });
      console.log(`SCOPE ${JSON.stringify(scopes[1])}`);
    }
    const imports = await time('bulk import, 1000 rows', IMPORTS, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/device/bulk/',
        headers: one.headers,
        payload: {
          company_id: companyId(0),
          devices: Array.from({ length: 1000 }, (_, j) => ({
            dev_eui: `F${(i * 1000 + j).toString(16).padStart(15, '0')}`,
            app_key: 'A'.repeat(32),
            name: `Imported ${i}-${j}`,
          })),
        },
      }),
    );
    await app.close();
    return { dialect, fillSeconds, analyzeSeconds, scopes, imports };
  } finally {
    await database.close().catch(() => undefined);
    // --keep leaves the filled database for EXPLAIN and the like.
    if (options.keep) console.log(`kept: ${dialect === 'postgres' ? `schema ${schema}` : path.join(dir, 'bench.sqlite')}`);
    else {
      if (dialect === 'postgres') await dropPostgresSchema(url, schema);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

const dialects = positionals.length > 0 ? positionals : ['sqlite', 'postgres'];
for (const dialect of dialects) {
  const report = await bench(dialect);
  console.log(
    `\n${report.dialect}: ${DEVICES} devices in ${COMPANIES} companies (filled in ${report.fillSeconds} s, ANALYZE ${report.analyzeSeconds} s); load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const scope of report.scopes) {
    console.log(`\n${scope.label}`);
    console.table(scope.results);
  }
  console.table([report.imports]);
  console.log(
    `\nJSON ${JSON.stringify({ dialect: report.dialect, devices: DEVICES, companies: COMPANIES, fillSeconds: report.fillSeconds, scopes: report.scopes, imports: report.imports })}`,
  );
}
