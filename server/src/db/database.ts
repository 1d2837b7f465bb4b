import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { ReadPool } from './read-pool.js';
import { ReadPoolDialect } from './read-dialect.js';
import { startCheckpointer } from './checkpointer.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** The database a Kysely instance speaks to (its read instance included: its adapter is SQLite's). */
export const dialectOf = (db: Kysely<Database>): Dialect => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

export interface DatabaseHandle {
  db: Db;
  /**
   * Where reads that can be expensive go (search, filtered lists, widget data, history): on a
   * SQLite file with read workers, a read-only instance whose queries run in worker threads, so
   * they never block the event loop; otherwise `db` itself (PostgreSQL's pool is already off the
   * main thread). Never inside a write transaction: it does not see that transaction's writes.
   */
  reads: Db;
  dialect: Dialect;
  /** PostgreSQL: where to open a connection of its own (LISTEN needs one that the pool does not share). */
  postgres?: { url: string; schema: string | undefined };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… connection string; without it the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** SQLite file path, or ':memory:' for tests. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each app its own). */
  pgSchema?: string;
  /** PostgreSQL: longest a statement may run, and longest to wait for a connection (ms). */
  timeouts?: DatabaseTimeouts;
  /**
   * Told about a connection's failure outside any request. PostgreSQL: a pooled connection that
   * broke while idle (a database restart, a killed backend); the pool drops it and opens a new one
   * on the next query. SQLite file: a failed checkpoint (checkpointer.ts). The process goes on.
   */
  onConnectionError?: (error: Error) => void;
  /** SQLite file: worker threads for `reads` (0: reads on the main connection). In-memory databases have none. */
  readWorkers?: number;
  /**
   * In-memory SQLite: start as a copy of this database file's bytes instead of empty. The server
   * test suite migrates one database per run and gives each test app a copy, instead of running
   * every migration again for each app.
   */
  sqliteImage?: Buffer;
}

export interface DatabaseTimeouts {
  statementMs: number;
  connectMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { statementMs: 30_000, connectMs: 5_000 };

/** Statements kept prepared per SQL text; Kysely's driver would otherwise re-prepare every call. */
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          // Oldest out first: Map iteration follows insertion order.
          if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

/** The busy_timeout of every SQLite connection: how long to wait for the file's lock (ms). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** How often the checkpoint worker copies the write-ahead log into a SQLite file. */
const SQLITE_CHECKPOINT_MS = 200;
/**
 * The page cache of every SQLite connection to a file, in KiB (SQLite's default is 2,000). With the
 * default a company's 100,000 devices did not fit, and a list read each row's page from the file
 * again: a profile's 20,000 devices counted from their rows took 75 ms, 12 ms with this cache. A
 * connection keeps its cache only while no other connection writes (SQLite empties it when the
 * log moved), so the readers gain most between ingest batches; the writer keeps its own.
 */
export const SQLITE_CACHE_KIB = 65_536;
/** SQLite's own default: a checkpoint by the committing connection once the log has this many pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

function openSqlite(file: string, readWorkers: number, onError: (error: Error) => void, image: Buffer | undefined): DatabaseHandle {
  if (image && file !== ':memory:') throw new Error('A SQLite image opens as an in-memory database only.');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(image ?? file);
  // WAL lets readers run while a write commits; NORMAL sync is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // An in-memory database exists in its own connection only: no worker can open it.
  if (file === ':memory:') return { db, reads: db, dialect: 'sqlite', close: () => db.destroy() };
  // Checkpoints leave the thread serving requests: commits only append to the log.
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer({
    file: path.resolve(file),
    busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
    intervalMs: SQLITE_CHECKPOINT_MS,
    onError,
    onStopped: (error) => {
      // Without the worker the connection checkpoints again itself, so the log cannot grow without end.
      sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
      onError(error);
    },
  });
  const closeMain = async () => {
    await checkpointer.close();
    await db.destroy();
  };
  if (readWorkers === 0) return { db, reads: db, dialect: 'sqlite', close: closeMain };
  const pool = new ReadPool({ file: path.resolve(file), busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS, cacheKib: SQLITE_CACHE_KIB }, readWorkers);
  const reads = new Kysely<Database>({ dialect: new ReadPoolDialect(pool) });
  return { db, reads, dialect: 'sqlite', close: async () => void (await Promise.all([reads.destroy(), closeMain()])) };
}

async function openPostgres(url: string, schema: string | undefined, options: DatabaseOptions): Promise<DatabaseHandle> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // Names this server's connections in pg_stat_activity (a test's own schema names its app's).
    application_name: schema ?? 'lora-console',
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  // Without a listener, a connection's error (the server restarted, the backend was terminated)
  // is an unhandled 'error' event, which ends the process. The pool listens on idle connections
  // only; a connection busy with a query gets its own listener, and the query fails by itself.
  const report = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, reads: db, dialect: 'postgres', postgres: { url, schema }, close: () => db.destroy() };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema, options);
  return openSqlite(options.sqliteFile ?? ':memory:', options.readWorkers ?? 0, (error) => options.onConnectionError?.(error), options.sqliteImage);
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else the SQLite file under DATA_DIR. */
export function openConfiguredDatabase(
  config: { databaseUrl: string | undefined; dataDir: string; databaseTimeouts: DatabaseTimeouts; sqliteReadWorkers: number },
  onConnectionError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'lora-console.sqlite'),
    timeouts: config.databaseTimeouts,
    readWorkers: config.sqliteReadWorkers,
    ...(onConnectionError ? { onConnectionError } : {}),
  });
}

/** Drops a test schema created by openDatabase({pgSchema}). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
