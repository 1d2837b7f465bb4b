// Ingest benchmark (issues #8, #14): uplinks per second through the real ingest path
// (HTTP route → validation → codec in the sandbox → committed transaction), cold and steady, and
// the codec's cost per message. Each uplink is a ChirpStack v4 `up` event as it posts them: a
// deduplicationId, the radio metadata of two receiving gateways and the transmission, so the
// measured path also checks each event's key and stores its frame and receptions.
// Usage: npm run build:server && node bench/ingest.bench.mjs [sqlite|postgres ...]
// SERVER_DIST=<dir> measures another build's server (bench/server.mjs).
// RULES_PER_COMPANY=100 gives the company that many enabled rules (issue #23), evaluated on every uplink.
// CODEC=0 leaves out the codec phases.
// VARYING=1 changes each device's temperature from one uplink to its next (28.29…31.29 °C, as a real
// sensor's readings move; without it every device sends the same values each time), so rules
// watching a change see one on every uplink.
// Each phase also reports the SQL statements per uplink (BEGIN/COMMIT not counted), the CPU
// time of the process (every thread: codec workers, checkpoints) and of its main thread alone (the
// thread that serves requests and writes SQLite: at N uplinks/s it may spend 1/N s on each) per
// uplink, and on PostgreSQL the bytes of WAL written per uplink: unlike the timings, those figures
// hardly depend on the machine's load. STATEMENTS=1 lists the statements by kind.
// `codec_errors`: uplinks of the phase stored as a codec error (on a loaded machine the niced codec
// workers overrun their time limit: those uplinks carry no values and cost no rules, and each
// replaced worker compiles its WASM again, so such a phase's figures are not comparable).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp, dropPostgresSchema, load, loadConfig, migrateToLatest, openDatabase } from './server.mjs';

const [{ CodecPool }, { templateCatalog }] = await Promise.all([load('dataplane/codec/index.js'), load('templates/catalog/index.js')]);
import { signUpOwner } from './owner.mjs';

const MESSAGES = Number(process.env.MESSAGES ?? 5000);
const WARM_UP = Number(process.env.WARM_UP ?? 2000);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 32);
const RULES_PER_COMPANY = Number(process.env.RULES_PER_COMPANY ?? 0);
// CODEC=0 runs only the phases without codec (the rules' cost alone, where a loaded machine starves the codec workers).
const WITH_CODEC = process.env.CODEC !== '0';
const LHT65N = templateCatalog.find((t) => t.id === 'dragino-lht65n');
const SAMPLE = Buffer.from(LHT65N.samples[0].bytes_hex, 'hex').toString('base64');
const APPLICATION = '95856ede-1238-4272-b616-41f18dc10fc3';
const GATEWAYS = ['0016c001f153a14c', 'e4e124dadef64eee'];
const LIST_STATEMENTS = process.env.STATEMENTS === '1';
const VARYING = process.env.VARYING === '1';
/** The temperature of uplink i in hundredths of a degree: with VARYING, a device's next uplink (i + 100) moves it by 0.5 °C. */
const temperatureOf = (i) => (VARYING ? 2829 + (Math.floor(i / 100) % 7) * 50 : 2829);
/** LHT65N's sample with uplink i's temperature (bytes 2–3, signed hundredths). */
function sampleOf(i) {
  if (!VARYING) return SAMPLE;
  const bytes = Buffer.from(LHT65N.samples[0].bytes_hex, 'hex');
  bytes.writeInt16BE(temperatureOf(i), 2);
  return bytes.toString('base64');
}
// The pool's caller (one company's uplinks); a pool that predates callers ignores it.
const caller = { company: 'bench', interactive: false };

/**
 * A Kysely plugin that counts the statements the app sends to the database, by kind and table.
 * Counted as results arrive, so queries compiled once and run with new values (db/prepared.ts)
 * count too; those have no query tree here and are listed as "prepared".
 */
const statementCounter = () => ({
  statements: 0,
  byKind: new Map(),
  kinds: new WeakMap(),
  transformQuery(args) {
    const node = args.node;
    const table = node.into ?? node.table ?? node.from?.froms?.[0];
    const name = table?.table?.identifier?.name ?? table?.identifier?.name ?? '?';
    this.kinds.set(args.queryId, `${node.kind.replace('QueryNode', '')} ${name}`);
    return node;
  },
  async transformResult(args) {
    this.statements++;
    const key = this.kinds.get(args.queryId) ?? 'prepared';
    this.byKind.set(key, (this.byKind.get(key) ?? 0) + 1);
    return args.result;
  },
});

/** CPU time of this process's main thread, in µs (Linux: utime + stime of the thread, in clock ticks of 10 ms). */
function mainThreadCpuUs() {
  const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function run(label, count, send, counter, codecErrors, walPosition) {
  const errorsBefore = await codecErrors();
  const walBefore = await walPosition();
  const statementsBefore = counter.statements;
  const kindsBefore = new Map(counter.byKind);
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuUs();
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const response = await send(i);
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const mainCpu = mainThreadCpuUs() - mainBefore;
  const walAfter = await walPosition();
  const statements = (counter.statements - statementsBefore) / count;
  if (LIST_STATEMENTS) {
    const kinds = [...counter.byKind].map(([kind, n]) => [kind, (n - (kindsBefore.get(kind) ?? 0)) / count]).filter(([, n]) => n > 0);
    console.log(label, Object.fromEntries(kinds.sort((a, b) => b[1] - a[1]).map(([kind, n]) => [kind, Number(n.toFixed(3))])));
  }
  return {
    label,
    messages: count,
    seconds: seconds.toFixed(2),
    per_second: Math.round(count / seconds),
    statements_per_uplink: Number(statements.toFixed(2)),
    cpu_us_per_uplink: Math.round((cpu.user + cpu.system) / count),
    main_thread_us_per_uplink: Math.round(mainCpu / count),
    wal_bytes_per_uplink: walBefore === null ? '' : Math.round((walAfter - walBefore) / count),
    codec_errors: (await codecErrors()) - errorsBefore,
  };
}

async function bench(dialect) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-ingest-'));
  const database = await openDatabase(dialect === 'postgres' ? { databaseUrl: url, pgSchema: schema } : { sqliteFile: path.join(dir, 'ingest.sqlite') });
  try {
    await migrateToLatest(database.db);
    const counter = statementCounter();
    const counted = database.db.withPlugin(counter);
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', NEW_COMPANY_PLAN: 'basic' }),
      // Without read workers, reads go to the main connection: they are counted too.
      database: { ...database, db: counted, reads: database.reads === database.db ? counted : database.reads },
      logger: false,
    });
    const { headers } = await signUpOwner(app, 'ingest');
    const company = (await app.inject({ method: 'POST', url: '/api/company/', headers, payload: { name: 'Ingest' } })).json().id;
    const profile = (await app.inject({ method: 'POST', url: `/api/template/${company}/dragino-lht65n`, headers })).json().id;
    const devices = Array.from({ length: 100 }, (_, i) => ({ dev_eui: `A8404100${i.toString(16).padStart(8, '0')}`, app_key: 'A'.repeat(32) }));
    await app.inject({ method: 'POST', url: '/api/device/bulk/', headers, payload: { company_id: company, config: profile, devices } });
    // Both receiving gateways are registered, so their receptions are indexed by gateway too.
    for (const gateway_id of GATEWAYS) await app.inject({ method: 'POST', url: '/api/gateway/', headers, payload: { company_id: company, gateway_id } });
    await createRules(app, headers, company);
    const key = (await app.inject({ method: 'POST', url: '/api/api-keys/', headers, payload: { name: 'bench' } })).json().key;
    const keyHeaders = { authorization: `Bearer ${key}` };
    const uplink = (payload) => app.inject({ method: 'POST', url: '/api/ingest/chirpstack?event=up', headers: keyHeaders, payload });
    const time = (i) => new Date(Date.UTC(2026, 10, 22, 0, 0, 0, i)).toISOString();
    const event = (i) => ({
      deduplicationId: randomUUID(),
      time: time(i),
      deviceInfo: { devEui: devices[i % 100].dev_eui.toLowerCase(), deviceName: `bench-${i % 100}`, applicationId: APPLICATION },
      devAddr: '01a44c4c',
      adr: true,
      dr: 5,
      fCnt: i,
      fPort: 2,
      confirmed: false,
      rxInfo: [
        { gatewayId: GATEWAYS[0], uplinkId: i, rssi: -60 - (i % 40), snr: 9.5, channel: i % 8, crcStatus: 'CRC_OK' },
        { gatewayId: GATEWAYS[1], uplinkId: i, rssi: -105, snr: -3.25, channel: i % 8, crcStatus: 'CRC_OK' },
      ],
      txInfo: { frequency: 867100000 + (i % 8) * 200000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
      regionConfigId: 'eu868',
    });
    const objectTemperature = (i) => (VARYING ? temperatureOf(i) / 100 : 20 + (i % 10));
    const decoded = (i) => uplink({ ...event(i), data: SAMPLE, object: { temperature: objectTemperature(i), humidity: 50 } });
    const raw = (i) => uplink({ ...event(i), data: sampleOf(i) });
    // Read without the counting plugin, outside the timed loop.
    const codecErrors = async () =>
      Number(
        (
          await database.db
            .selectFrom('device_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('type', '=', 'error')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // PostgreSQL's WAL position (bytes), read without the counting plugin; null on SQLite.
    const walPosition = async () =>
      dialect === 'postgres' ? Number((await sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as n`.execute(database.db)).rows[0].n) : null;
    // Each path first runs cold (the first messages pay for JIT and the codec workers' WASM
    // compilation), then the measured steady state.
    const results = [
      await run('no codec (object), first after start', WARM_UP, (i) => decoded(i), counter, codecErrors, walPosition),
      await run('no codec (object), steady', MESSAGES, (i) => decoded(WARM_UP + i), counter, codecErrors, walPosition),
    ];
    if (WITH_CODEC) {
      results.push(
        await run('LHT65N codec, first after start', WARM_UP, (i) => raw(100_000 + i), counter, codecErrors, walPosition),
        await run('LHT65N codec, steady', MESSAGES, (i) => raw(100_000 + WARM_UP + i), counter, codecErrors, walPosition),
      );
    }
    await app.close();
    return { dialect, results };
  } finally {
    await database.close().catch(() => undefined);
    if (dialect === 'postgres') await dropPostgresSchema(url, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A mix of the condition kinds over the uplinks' topics (temperature, humidity): thresholds,
 * held durations, counts in a window, changes, battery and ranges; each notifies the members.
 */
function benchRule(k) {
  const kinds = [
    { type: 'topic', topic: 'temperature', op: 'gt', value: 15 + (k % 20) },
    { type: 'topic', topic: 'humidity', op: 'gte', value: 40 + (k % 50), for_s: 600 },
    { type: 'count', topic: 'temperature', op: 'gt', value: 25, times: 5, window_s: 3600 },
    { type: 'topic', topic: 'temperature', op: 'changed_by', delta: 5 },
    {
      match: 'any',
      conditions: [
        { type: 'battery_below', level: 20 },
        { type: 'topic', topic: 'humidity', op: 'between', value: 10, max: 10 + k },
      ],
    },
  ];
  return {
    name: `Rule ${k}`,
    scope: 'company',
    scope_id: null,
    condition: { match: 'all', conditions: [kinds[k % kinds.length]] },
    hysteresis: 0.5,
    actions: [{ type: 'notification', members: 'all' }],
  };
}

async function createRules(app, headers, company) {
  for (let k = 0; k < RULES_PER_COMPANY; k++) {
    const response = await app.inject({ method: 'POST', url: '/api/rule/', headers, payload: { company_id: company, ...benchRule(k) } });
    if (response.statusCode !== 201) throw new Error(`rule ${k}: HTTP ${response.statusCode} ${response.body}`);
  }
}

async function codecOverhead() {
  const pool = new CodecPool();
  const input = { bytes: [...Buffer.from(SAMPLE, 'base64')], fPort: 2, recvTime: new Date(), variables: {} };
  await pool.run(LHT65N.codec, input, caller);
  const n = 2000;
  let started = performance.now();
  for (let i = 0; i < n; i++) await pool.run(LHT65N.codec, input, caller);
  const sequential = ((performance.now() - started) * 1000) / n;
  started = performance.now();
  await Promise.all(Array.from({ length: n }, () => pool.run(LHT65N.codec, input, caller)));
  const parallel = n / ((performance.now() - started) / 1000);
  await pool.close();
  return { sequential_us_per_call: Math.round(sequential), parallel_calls_per_second: Math.round(parallel) };
}

const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
console.log('codec (LHT65N) in the worker pool:', await codecOverhead());
for (const dialect of dialects) {
  const report = await bench(dialect);
  console.log(`\n${dialect} (${RULES_PER_COMPANY} rules per company):`);
  console.table(report.results);
}
