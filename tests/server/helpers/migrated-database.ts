import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/src/db/database.js';
import { migrateToLatest } from '../../../server/src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SQLite: a file holding a database migrated to the latest schema, for test apps to copy. */
    migratedSqliteFile: string;
    /** PostgreSQL: a database migrated to the latest schema (in `public`), the template of test apps' databases. */
    migratedPostgresDatabase: string;
    /** PostgreSQL: the prefix of every database of this run, which its global teardown drops. */
    postgresDatabasePrefix: string;
  }
}

/** Runs a statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function postgresAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrlOf(url: string, database: string): string {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
}

/** Connections that drop databases at once: each DROP DATABASE waits for a checkpoint, and drops waiting together share one. */
const DROPPING_CONNECTIONS = 16;

/**
 * Drops the databases of the server whose names `pick` chooses. One by one, a loaded machine took
 * 3.1–3.5 s a drop (the checkpoint each waits for); 16 at once, 0.5 s a drop.
 */
async function dropDatabases(url: string, pick: (name: string) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'test%'").finally(() => client.end());
  const names = rows.map((row) => row.datname).filter(pick);
  const dropUntilNoneLeft = async (dropper: pg.Client): Promise<void> => {
    for (let name = names.pop(); name !== undefined; name = names.pop()) await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  await Promise.all(
    Array.from({ length: Math.min(DROPPING_CONNECTIONS, names.length) }, async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropUntilNoneLeft(dropper).finally(() => dropper.end());
    }),
  );
}

/** Whether a process of this machine runs under that id. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The databases of earlier runs killed before their teardown (a few hundred each), told by the
 * process id in their names (runPrefix). Only on a server of this machine, whose runs' process ids
 * are this machine's: elsewhere another machine's run could be mistaken for a dead one.
 */
function leftOverByDeadRun(url: string): (name: string) => boolean {
  const local = ['localhost', '127.0.0.1', '[::1]', ''].includes(new URL(url).hostname);
  return (name) => {
    const pid = /^test_(\d+)_[0-9a-f]+_/.exec(name)?.[1];
    return local && pid !== undefined && !running(Number(pid));
  };
}

/**
 * Vitest global setup of the server project: runs every migration once per run instead of once per
 * test app (all 38 of them took 0.2–0.6 s on SQLite and 2–2.5 s on PostgreSQL for each app). Test
 * apps then start on a copy: an in-memory SQLite opened from the migrated file's bytes, or a
 * PostgreSQL database created from the migrated one as its template (tests/server/helpers/test-app.ts).
 * Those databases are dropped here at the end of the run, not by each test: PostgreSQL makes
 * every DROP DATABASE wait for a checkpoint, which took about a second each (half the time of a
 * test app) while other tests were writing, and a few milliseconds each once they are done. A run
 * killed before that leaves them to the next run on this machine.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrated-'));
    const file = path.join(dir, 'lora-console.sqlite');
    const handle = await openDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(handle.db);
    // A plain (rollback journal) copy: an in-memory database can be opened from its bytes.
    await sql`vacuum into ${file}`.execute(handle.db);
    await handle.close();
    project.provide('migratedSqliteFile', file);
    project.provide('migratedPostgresDatabase', '');
    project.provide('postgresDatabasePrefix', '');
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await dropDatabases(url, leftOverByDeadRun(url));
  // The run's process names its databases (leftOverByDeadRun); the random part tells apart the
  // projects of one run.
  const prefix = `test_${process.pid}_${randomBytes(3).toString('hex')}_`;
  const name = `${prefix}migrated`;
  await postgresAdmin(url, `CREATE DATABASE "${name}"`);
  const handle = await openDatabase({ databaseUrl: databaseUrlOf(url, name) });
  await migrateToLatest(handle.db);
  // A template may have no open connection while a database is created from it.
  await handle.close();
  project.provide('migratedSqliteFile', '');
  project.provide('migratedPostgresDatabase', name);
  project.provide('postgresDatabasePrefix', prefix);
  return () => dropDatabases(url, (database) => database.startsWith(prefix));
}
