import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  CODEC_HARD_LIMIT_MS,
  CODEC_MEMORY_LIMIT_BYTES,
  CODEC_STACK_LIMIT_BYTES,
  CODEC_TIME_LIMIT_MS,
  type CodecRequest,
  type CodecResult,
  type CodecWorkerMessage,
  type UplinkInput,
} from './types.js';

// Resolves to server/src/dataplane/codec/worker.mjs from both src/ (tests) and dist/ (production).
const WORKER_URL = new URL('../../../src/dataplane/codec/worker.mjs', import.meta.url);

/**
 * Calls queued per worker. A worker never waits for the busy main thread to hand it the next
 * call, and a call queued behind one that overran is simply handed to another worker.
 */
const PIPELINE_DEPTH = 4;

interface Job {
  request: CodecRequest;
  resolve: (result: CodecResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Sent to the worker, in the order it runs them. */
  jobs: Job[];
  /** Started when the worker says it began the first job: the hard limit applies per call. */
  timer: NodeJS.Timeout | undefined;
}

const shutDown: CodecResult = { ok: false, error: { kind: 'exception', message: 'The codec sandbox is shut down.' } };
const overran: CodecResult = { ok: false, error: { kind: 'timeout', message: `The codec ran longer than ${CODEC_TIME_LIMIT_MS} ms.` } };

/**
 * Runs codecs in worker threads, so a codec never blocks the server's event loop and one that
 * outruns even the hard limit is stopped by terminating its worker (a fresh one takes over).
 */
export class CodecPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size = Math.max(1, Math.min(2, os.availableParallelism()))) {}

  run(script: string, input: UplinkInput): Promise<CodecResult> {
    if (this.closed) return Promise.resolve(shutDown);
    const request: CodecRequest = {
      id: this.nextId++,
      script,
      input: { bytes: input.bytes, fPort: input.fPort, recvTime: input.recvTime.getTime(), variables: input.variables },
      limits: { timeMs: CODEC_TIME_LIMIT_MS, memoryBytes: CODEC_MEMORY_LIMIT_BYTES, stackBytes: CODEC_STACK_LIMIT_BYTES },
    };
    return new Promise((resolve) => {
      this.queue.push({ request, resolve });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve(shutDown);
    for (const slot of this.slots) for (const job of slot.jobs.splice(0)) job.resolve(shutDown);
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot)));
  }

  private dispatch(): void {
    if (this.slots.length < this.size && this.queue.length > 0 && this.slots.every((s) => s.ready && s.jobs.length > 0)) this.spawn();
    while (this.queue.length > 0) {
      const slot = this.slots.filter((s) => s.ready && s.jobs.length < PIPELINE_DEPTH).sort((a, b) => a.jobs.length - b.jobs.length)[0];
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.jobs.push(job);
      slot.worker.postMessage(job.request);
    }
  }

  private spawn(): void {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const slot: Slot = { worker, ready: false, jobs: [], timer: undefined };
    worker.on('message', (message: CodecWorkerMessage) => this.receive(slot, message));
    worker.on('error', () => this.fail(slot, { ok: false, error: { kind: 'exception', message: 'The codec sandbox failed.' } }));
    worker.on('exit', () => {
      if (this.slots.includes(slot)) this.fail(slot, { ok: false, error: { kind: 'exception', message: 'The codec sandbox stopped.' } });
    });
    this.slots.push(slot);
  }

  private receive(slot: Slot, message: CodecWorkerMessage): void {
    if ('ready' in message) {
      slot.ready = true;
    } else if ('started' in message) {
      clearTimeout(slot.timer);
      slot.timer = setTimeout(() => this.fail(slot, overran), CODEC_HARD_LIMIT_MS);
    } else {
      clearTimeout(slot.timer);
      slot.timer = undefined;
      const index = slot.jobs.findIndex((job) => job.request.id === message.id);
      if (index >= 0) slot.jobs.splice(index, 1)[0]?.resolve(message.result);
      if (message.restart) this.replace(slot);
    }
    this.dispatch();
  }

  /**
   * Ends a worker whose current call overran or that crashed: that call gets `result`; the calls
   * queued behind it go back to the front of the queue for another worker.
   */
  private fail(slot: Slot, result: CodecResult): void {
    const [current, ...waiting] = slot.jobs.splice(0);
    current?.resolve(result);
    this.queue.unshift(...waiting);
    this.replace(slot);
    this.dispatch();
  }

  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    this.queue.unshift(...slot.jobs.splice(0));
    void this.stop(slot);
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimeout(slot.timer);
    slot.worker.removeAllListeners();
    await slot.worker.terminate();
  }
}
