import { Worker } from 'node:worker_threads';

// The same file serves the compiled server (dist/db) and the tests (src/db), like the read workers'.
const WORKER_URL = new URL('../../src/db/checkpoint-worker.mjs', import.meta.url);

/** A checkpoint's outcome: frames in the log and frames copied into the database file. */
export type CheckpointResult = { busy: number; log: number; checkpointed: number } | { error: string };

export interface Checkpointer {
  /** Runs a checkpoint now and answers how far it got. */
  checkpoint(): Promise<CheckpointResult>;
  close(): Promise<void>;
}

/**
 * Checkpoints a SQLite file in WAL mode every `intervalMs` from a worker thread. The server's own
 * connection then turns its automatic checkpoints off (database.ts): committing an ingest batch
 * only appends to the log, and the thread serving requests never waits for the file's sync.
 */
export function startCheckpointer(options: {
  file: string;
  busyTimeoutMs: number;
  intervalMs: number;
  /** A checkpoint failed (it is tried again at the next interval). */
  onError: (error: Error) => void;
  /** The worker itself failed and stopped: nothing checkpoints the file any more. */
  onStopped: (error: Error) => void;
}): Checkpointer {
  const worker = new Worker(WORKER_URL, { workerData: { file: options.file, busyTimeoutMs: options.busyTimeoutMs, intervalMs: options.intervalMs } });
  // Never keeps the process alive by itself: the database handle's close stops it.
  worker.unref();
  const waiting: ((result: CheckpointResult) => void)[] = [];
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const stop = (error: Error) => {
    for (const answer of waiting.splice(0)) answer({ error: error.message });
    options.onStopped(error);
  };
  worker.on('message', ({ kind, result }: { kind: 'answer' | 'failed' | 'stopped'; result: CheckpointResult }) => {
    if (kind === 'answer') waiting.shift()?.(result);
    else if ('error' in result) (kind === 'stopped' ? stop : options.onError)(new Error(`SQLite checkpoint: ${result.error}`));
  });
  worker.on('error', (thrown: unknown) => stop(thrown instanceof Error ? thrown : new Error(`SQLite checkpoint: ${String(thrown)}`)));
  return {
    checkpoint() {
      return new Promise((resolve) => {
        waiting.push(resolve);
        worker.postMessage('checkpoint');
      });
    },
    async close() {
      // Held again while it stops: an unreferenced worker would let the process end before it exits.
      // A worker that stopped already has exited: the message goes nowhere and the wait ends at once.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
