import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  CODEC_HARD_LIMIT_MS,
  CODEC_MEMORY_LIMIT_BYTES,
  CODEC_STACK_LIMIT_BYTES,
  CODEC_TIME_LIMIT_MS,
  type CodecWorkerMessage,
  type CodecRequest,
  type CodecResult,
  type UplinkInput,
} from './types.js';

// Resolves to server/src/dataplane/codec/worker.mjs from both src/ (tests) and dist/ (production).
const WORKER_URL = new URL('../../../src/dataplane/codec/worker.mjs', import.meta.url);

interface Job {
  request: CodecRequest;
  resolve: (result: CodecResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

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
    if (this.closed) return Promise.resolve({ ok: false, error: { kind: 'exception', message: 'The codec sandbox is shut down.' } });
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
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, error: { kind: 'exception', message: 'The codec sandbox is shut down.' } });
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      if (this.slots.length < this.size && this.slots.every((s) => s.ready && s.job !== undefined)) this.spawn();
      const slot = this.slots.find((s) => s.ready && s.job === undefined);
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.timer = setTimeout(() => this.kill(slot, { ok: false, error: { kind: 'timeout', message: `The codec ran longer than ${CODEC_TIME_LIMIT_MS} ms.` } }), CODEC_HARD_LIMIT_MS);
      slot.worker.postMessage(job.request);
    }
  }

  private spawn(): void {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const slot: Slot = { worker, ready: false, job: undefined, timer: undefined };
    worker.on('message', (reply: CodecWorkerMessage) => {
      if ('ready' in reply) {
        slot.ready = true;
        this.dispatch();
        return;
      }
      if (slot.job?.request.id !== reply.id) return;
      this.finish(slot, reply.result);
      if (reply.restart) this.replace(slot);
      this.dispatch();
    });
    worker.on('error', () => this.kill(slot, { ok: false, error: { kind: 'exception', message: 'The codec sandbox failed.' } }));
    worker.on('exit', () => {
      if (this.slots.includes(slot)) this.kill(slot, { ok: false, error: { kind: 'exception', message: 'The codec sandbox stopped.' } });
    });
    this.slots.push(slot);
  }

  private finish(slot: Slot, result: CodecResult): void {
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    slot.timer = undefined;
    job?.resolve(result);
  }

  /** Ends a worker that overran or failed: its job gets `result`, the queue moves on. */
  private kill(slot: Slot, result: CodecResult): void {
    this.finish(slot, result);
    this.replace(slot);
    this.dispatch();
  }

  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void this.stop(slot);
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimeout(slot.timer);
    slot.worker.removeAllListeners();
    await slot.worker.terminate();
  }
}
