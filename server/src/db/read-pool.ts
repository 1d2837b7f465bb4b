import { Worker } from 'node:worker_threads';

// Resolves to server/src/db/read-worker.mjs from both src/ (tests) and dist/ (production).
const WORKER_URL = new URL('../../src/db/read-worker.mjs', import.meta.url);

/** What a read worker is started with (read-worker.mjs reads it as workerData). */
export interface ReadWorkerData {
  file: string;
  busyTimeoutMs: number;
  /** The connection's page cache in KiB (database.ts SQLITE_CACHE_KIB). */
  cacheKib: number;
}

export type ReadParameter = string | number | bigint | null | Uint8Array;

type WorkerReply = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

interface Job {
  id: number;
  sql: string;
  parameters: readonly ReadParameter[];
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The query the worker runs now; a worker runs one at a time (better-sqlite3 is synchronous). */
  job: Job | undefined;
}

/**
 * A read the pool could not finish because its worker is gone (crashed, or the pool closed).
 * The code makes the request answer 503 (db/errors.ts), so the client retries, instead of hanging.
 */
export class ReadWorkerLostError extends Error {
  readonly code = 'READ_WORKER_LOST';
}

/**
 * Worker threads with read-only connections to a SQLite file (WAL), so an expensive read never
 * blocks the event loop that serves every other request and commits the writes. A worker that
 * dies fails its query and is replaced when the next query arrives (never in a loop, even when
 * the file cannot be opened).
 */
export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly data: ReadWorkerData,
    private readonly size: number,
    private readonly spawnWorker: (data: ReadWorkerData) => Worker = (data) => new Worker(WORKER_URL, { workerData: data }),
  ) {
    if (size < 1) throw new Error('a read pool needs at least one worker');
  }

  /** The rows of one compiled SELECT, read by the next free worker. */
  all(sql: string, parameters: readonly ReadParameter[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new ReadWorkerLostError('the read pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, sql, parameters, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Fails what is queued or running and ends every worker. A worker inside a statement stops when
   * that statement returns (termination cannot cut into SQLite's C code): closing does not wait
   * for it, and it no longer keeps the process alive.
   */
  async close(): Promise<void> {
    this.closed = true;
    const lost = new ReadWorkerLostError('the read pool is closed');
    for (const job of this.queue.splice(0)) job.reject(lost);
    const slots = this.slots.splice(0);
    // The slots are out of `slots`: their 'exit' and late answers are ignored (lose, receive).
    const stopped = slots.map((slot) => {
      const running = slot.job;
      slot.job = undefined;
      running?.reject(lost);
      slot.worker.unref();
      const exited = slot.worker.terminate();
      return running ? undefined : exited;
    });
    await Promise.all(stopped);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === undefined) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, sql: job.sql, parameters: job.parameters });
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.spawnWorker(this.data), job: undefined };
    // An idle worker does not keep the process alive; one running a query does (ref in dispatch).
    slot.worker.unref();
    slot.worker.on('message', (reply: WorkerReply) => this.receive(slot, reply));
    // 'error' (an uncaught exception, or the file cannot be opened) is always followed by 'exit'.
    slot.worker.on('error', () => undefined);
    slot.worker.on('exit', () => this.lose(slot));
    this.slots.push(slot);
    return slot;
  }

  private receive(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = undefined;
    slot.worker.unref();
    if ('rows' in reply) job.resolve(reply.rows);
    else job.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
    this.dispatch();
  }

  private lose(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    slot.job?.reject(new ReadWorkerLostError('the read worker stopped'));
    this.dispatch();
  }
}
