// Read worker: one read-only better-sqlite3 connection to the SQLite file, running the compiled
// SELECTs the read pool (read-pool.ts) hands it, one at a time, off the server's event loop.
// Plain JavaScript on purpose: the same file serves the compiled server and the tests (workers
// cannot load TypeScript). The main connection set WAL on the file, so reads here see every
// committed write and never wait for a writer.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const STATEMENT_CACHE_SIZE = 500;

const sqlite = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
sqlite.pragma(`busy_timeout = ${Number(workerData.busyTimeoutMs)}`);
sqlite.pragma(`cache_size = -${Number(workerData.cacheKib)}`);
const statements = new Map();

function prepare(source) {
  let statement = statements.get(source);
  if (!statement) {
    statement = sqlite.prepare(source);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
    statements.set(source, statement);
  }
  return statement;
}

// Blobs arrive as Uint8Array (structured clone drops Buffer); better-sqlite3 binds Buffers.
const bindable = (value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value);

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepare(sql);
    // The connection is read-only: a write would fail in SQLite anyway; this says why sooner.
    if (!statement.reader) throw Object.assign(new Error('the read pool runs queries that return rows only'), { code: 'READ_POOL_NOT_A_READ' });
    parentPort.postMessage({ id, rows: statement.all(parameters.map(bindable)) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error?.message ?? error), code: error?.code } });
  }
});
