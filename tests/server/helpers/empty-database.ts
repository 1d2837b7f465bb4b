import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database.js';
import { databaseUrlOf, postgresAdmin } from './migrated-database.js';
import { testDatabaseUrl } from './test-app.js';

/**
 * An empty database, for a migration test that migrates it step by step: in-memory SQLite, or on
 * PostgreSQL a database of its own, dropped with the run's others at its end
 * (migrated-database.ts). Not a schema of the shared database: Kysely's migrator reads the
 * catalogue of every schema there and failed ("schema … does not exist") when another test
 * dropped its schema at that moment.
 */
export async function emptyDatabase(): Promise<DatabaseHandle> {
  if (!testDatabaseUrl) return openDatabase({ sqliteFile: ':memory:' });
  const name = `${inject('postgresDatabasePrefix')}${randomBytes(6).toString('hex')}`;
  await postgresAdmin(testDatabaseUrl, `CREATE DATABASE "${name}"`);
  return openDatabase({ databaseUrl: databaseUrlOf(testDatabaseUrl, name) });
}
