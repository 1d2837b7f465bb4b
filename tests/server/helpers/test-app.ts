import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import type { CertificateRevocations } from '../../../server/src/dataplane/broker/revocations.js';
import type { CodecTimeLimits } from '../../../server/src/dataplane/codec/types.js';
import { TEST_CODEC_TIME_LIMITS } from './codec-limits.js';
import { loadConfig, type Config } from '../../../server/src/config.js';
import { openDatabase, type Db, type DatabaseHandle, type Dialect } from '../../../server/src/db/database.js';
import { databaseUrlOf, postgresAdmin } from './migrated-database.js';

/**
 * The database the server suite runs on: scripts/test-server.mjs runs the suite once with
 * TEST_DB=sqlite and once with TEST_DB=postgres (TEST_DATABASE_URL).
 */
export const testDatabaseUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
/** The dialect of that database, for the repositories that take one. */
export const testDialect: Dialect = testDatabaseUrl ? 'postgres' : 'sqlite';

/**
 * The key sealing test apps' secrets, unless a test sets SECRET_KEY or SECRET_KEY_FILE itself:
 * without it every app would create and share DATA_DIR/secret.key of the repository.
 */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * Every injected request comes from one address (127.0.0.1), and suites sign up and in far more
 * users than a person would: the per-address limits are lifted unless a test sets its own
 * (tests/server/security/signin-limits.test.ts does).
 */
export const LIFTED_ADDRESS_LIMITS: Record<string, string> = {
  SIGNIN_ADDRESS_MAX: '100000',
  SIGNUP_ADDRESS_MAX: '100000',
  EMAIL_EXISTS_ADDRESS_MAX: '100000',
  CODEC_TEST_MAX: '100000',
  PASSWORD_RESET_ADDRESS_MAX: '100000',
};

/**
 * Test companies start on Basic (no device limit, tokens beyond the quota billed, not refused), so
 * suites about other things may create as many devices and calls as they need; the tests of the
 * plans set NEW_COMPANY_PLAN=free or change the plan themselves.
 */
export const TEST_NEW_COMPANY_PLAN: Record<string, string> = { NEW_COMPANY_PLAN: 'basic' };

/** A clock the test controls: `clock.advance(ms)` moves time forward for the app. */
export class TestClock {
  private offset = 0;
  now = (): Date => new Date(Date.now() + this.offset);
  advance(ms: number): void {
    this.offset += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  /** Direct database access, for asserting what was stored. */
  db: Db;
  /** PostgreSQL: the app's own database, where a second node of the test opens its connection. */
  databaseUrl?: string | undefined;
  close(): Promise<void>;
}

/** How a test app is built beyond its environment. */
export interface TestAppOptions {
  dataPlane?: boolean;
  /** Shared with a broker the test runs beside the app, so revocations on the app reach it at once. */
  certificateRevocations?: CertificateRevocations;
  /** Send queued mail (SMTP_URL, or files under DATA_DIR/mail) without the rest of the data plane. */
  mail?: boolean;
  /** Read worker threads (SQLite only): the database is then a temporary file, which workers can open. */
  readWorkers?: number;
  /** The codec sandbox's time limits (TEST_CODEC_TIME_LIMITS unless given). */
  codecTimeLimits?: CodecTimeLimits;
}

/** A test app with the instance its expensive reads go to (DatabaseHandle.reads): `db` unless it has read workers. */
export type TestAppWithReads = TestApp & { reads: Db };

/** The migrated database of this run (tests/server/helpers/migrated-database.ts), read once per test file. */
let migratedSqlite: Buffer | undefined;
function migratedSqliteImage(): Buffer {
  migratedSqlite ??= fs.readFileSync(inject('migratedSqliteFile'));
  return migratedSqlite;
}

/** A fresh database of the latest schema for one test app, and how to drop it afterwards. */
interface FreshDatabase {
  database: DatabaseHandle;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/**
 * A copy of the run's migrated database: in-memory SQLite, or with `readWorkers` a temporary file
 * (workers cannot open an in-memory one); on PostgreSQL a database of its own created from the
 * migrated one as template, its schema renamed after it (so its connections are told apart in
 * pg_stat_activity by application_name, as openDatabase names them after the schema).
 */
async function freshDatabase(readWorkers: number): Promise<FreshDatabase> {
  if (!testDatabaseUrl) {
    if (readWorkers === 0) return { database: await openDatabase({ sqliteFile: ':memory:', sqliteImage: migratedSqliteImage() }), drop: async () => {} };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-workers-'));
    const file = path.join(dir, 'lora-console.sqlite');
    fs.writeFileSync(file, migratedSqliteImage());
    return { database: await openDatabase({ sqliteFile: file, readWorkers }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `${inject('postgresDatabasePrefix')}${randomBytes(6).toString('hex')}`;
  await postgresAdmin(testDatabaseUrl, `CREATE DATABASE "${name}" TEMPLATE "${inject('migratedPostgresDatabase')}"`);
  const databaseUrl = databaseUrlOf(testDatabaseUrl, name);
  await postgresAdmin(databaseUrl, `ALTER SCHEMA public RENAME TO "${name}"`);
  return {
    database: await openDatabase({ databaseUrl, pgSchema: name }),
    databaseUrl,
    // Left to the end of the run, which drops every database of it (migrated-database.ts).
    drop: async () => {},
  };
}

/**
 * A fresh app on a fresh database (a copy of the run's migrated one, see freshDatabase); `dataPlane`
 * also runs its background parts.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  { dataPlane = false, certificateRevocations, readWorkers = 0, mail, codecTimeLimits = TEST_CODEC_TIME_LIMITS }: TestAppOptions = {},
): Promise<TestAppWithReads> {
  const keyGiven = env.SECRET_KEY !== undefined || env.SECRET_KEY_FILE !== undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...LIFTED_ADDRESS_LIMITS,
    ...TEST_NEW_COMPANY_PLAN,
    ...(keyGiven ? {} : { SECRET_KEY: TEST_SECRET_KEY }),
    ...env,
  });
  const clock = new TestClock();
  const { database, databaseUrl, drop } = await freshDatabase(readWorkers);
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    logger: false,
    dataPlane,
    mail,
    codecTimeLimits,
    ...(certificateRevocations ? { certificateRevocations } : {}),
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    clock,
    config,
    db: database.db,
    reads: database.reads,
    databaseUrl,
    async close() {
      await app.close();
      await drop();
    },
  };
}
