import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database.js';
import { databaseUrlOf, postgresAdmin } from './migrated-database.js';
import { testDatabaseUrl } from './test-app.js';

export interface SharedDatabase {
  /** What a server process needs to open it (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** The test's own connection to it (an app built on it closes it). */
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * One database for several server processes: a SQLite file in a directory of its own (WAL, as
 * `npm start` runs it), or a PostgreSQL database of its own when the suite runs on PostgreSQL.
 * It is a copy of the run's migrated database (tests/server/helpers/migrated-database.ts), so the
 * processes start on a current schema instead of racing to migrate it.
 */
export async function sharedDatabase(prefix: string): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  if (!testDatabaseUrl) {
    const file = path.join(dataDir, 'lora-console.sqlite');
    fs.copyFileSync(inject('migratedSqliteFile'), file);
    const handle = await openDatabase({ sqliteFile: file });
    return { env: { DATA_DIR: dataDir }, handle, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = testDatabaseUrl;
  const name = `${inject('postgresDatabasePrefix')}${prefix.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  await postgresAdmin(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${inject('migratedPostgresDatabase')}"`);
  const url = databaseUrlOf(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    handle,
    // The database is left to the end of the run, which drops every database of it (migrated-database.ts).
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
