// The server the read benchmark (sqlite-reads.bench.mjs) loads: built from a server/dist (this
// checkout's, or SERVER_DIST's, e.g. main's for "before"; bench/server.mjs), on a fresh SQLite file or
// PostgreSQL schema, listening on a port the OS picks. Its own process, so the load the benchmark
// generates never shares the server's event loop. Tells its parent the port; ends on disconnect.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, dropPostgresSchema, loadConfig, migrateToLatest, openDatabase } from './server.mjs';

const dialect = process.argv[2] ?? 'sqlite';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_${randomBytes(4).toString('hex')}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-reads-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, NEW_COMPANY_PLAN: 'basic', ...process.env });
// A server/dist without read workers ignores readWorkers.
const database = await openDatabase(
  dialect === 'postgres'
    ? { databaseUrl: url, pgSchema: schema }
    : { sqliteFile: path.join(dir, 'lora-console.sqlite'), readWorkers: config.sqliteReadWorkers ?? 0 },
);
await migrateToLatest(database.db);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ port: app.server.address().port });

process.on('disconnect', async () => {
  await app.close().catch(() => undefined);
  if (dialect === 'postgres') await dropPostgresSchema(url, schema).catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
