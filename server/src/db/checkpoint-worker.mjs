// Checkpoint worker: copies the SQLite file's write-ahead log back into the database file, off the
// server's event loop (checkpointer.ts). A checkpoint writes pages and syncs the file; run by the
// writing connection, it blocked the thread serving every request for milliseconds at a time.
// PASSIVE never waits for the writer or readers, so it can run while they work; once the log is
// copied completely, the writer starts the log over. Plain JavaScript, like read-worker.mjs.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

let sqlite;
try {
  sqlite = new SQLite(workerData.file, { fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${Number(workerData.busyTimeoutMs)}`);
} catch (error) {
  // Said in words: an error thrown out of a worker arrives as a clone that may have lost its message.
  parentPort.postMessage({ kind: 'stopped', result: { error: `${error?.code ?? 'error'}: ${error?.message ?? error}` } });
}

function checkpoint() {
  if (!sqlite) return { error: 'no connection to the file' };
  try {
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)');
    return { busy: result.busy, log: result.log, checkpointed: result.checkpointed };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  }
}

const timer = setInterval(() => {
  if (!sqlite) return;
  const result = checkpoint();
  if (result.error) parentPort.postMessage({ kind: 'failed', result });
}, Number(workerData.intervalMs));

// The owner asks for a checkpoint now (and its outcome), or for the worker to stop.
parentPort.on('message', (message) => {
  if (message === 'checkpoint') parentPort.postMessage({ kind: 'answer', result: checkpoint() });
  if (message === 'stop') {
    clearInterval(timer);
    sqlite?.close();
    parentPort.close();
  }
});
