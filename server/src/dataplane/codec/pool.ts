import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  CODEC_CONSOLE_MAX_CHARS,
  CODEC_CONSOLE_MAX_LINES,
  CODEC_HARD_LIMIT_MS,
  CODEC_MEMORY_LIMIT_BYTES,
  CODEC_STACK_LIMIT_BYTES,
  CODEC_TIME_LIMIT_MS,
  type CodecCall,
  type CodecRequest,
  type CodecResult,
  type CodecWorkerMessage,
  type DownlinkInput,
  type EncodeResult,
  type UplinkInput,
} from './types.js';
import { checkEncoded } from './encode.js';

// Resolves to server/src/dataplane/codec/worker.mjs from both src/ (tests) and dist/ (production).
const WORKER_URL = new URL('../../../src/dataplane/codec/worker.mjs', import.meta.url);

/**
 * Calls queued per worker. A worker never waits for the busy main thread to hand it the next
 * call (while a batch of uplinks commits, the main thread hands out nothing), and a call queued
 * behind one that overran is simply handed to another worker. Measured in bench/ingest.bench.mjs:
 * 4 left the workers idle during commits; 8 kept them busy; 16 gained nothing more.
 */
const PIPELINE_DEPTH = 8;

interface Job {
  request: CodecRequest;
  resolve: (result: CodecResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Sent to the worker, in the order it runs them. */
  jobs: Job[];
  /** The hard limit of the call the worker is running (the first of `jobs`). */
  timer: NodeJS.Timeout | undefined;
}

/** A call the pool ends itself: nothing of its console output survives the worker. */
const ended = (kind: 'exception' | 'timeout', message: string): CodecResult => ({
  ok: false,
  error: { kind, message },
  console: { lines: [], truncated: false },
});
const shutDown = ended('exception', 'The codec sandbox is shut down.');
const overran = ended('timeout', `The codec ran longer than ${CODEC_TIME_LIMIT_MS} ms.`);

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

  /** Decodes an uplink (TS013 `decodeUplink`, or the older `Decode`). */
  run(script: string, input: UplinkInput): Promise<CodecResult> {
    const { bytes, fPort, recvTime, variables } = input;
    return this.submit(script, { entry: 'decode', input: { bytes, fPort, recvTime: recvTime.getTime(), variables } });
  }

  /** Encodes a downlink (TS013 `encodeDownlink`, or the older `Encode`), its bytes and port checked. */
  async encode(script: string, input: DownlinkInput): Promise<EncodeResult> {
    return checkEncoded(await this.submit(script, { entry: 'encode', input }));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve(shutDown);
    for (const slot of this.slots) for (const job of slot.jobs.splice(0)) job.resolve(shutDown);
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot)));
  }

  private submit(script: string, call: CodecCall): Promise<CodecResult> {
    if (this.closed) return Promise.resolve(shutDown);
    const limits = {
      timeMs: CODEC_TIME_LIMIT_MS,
      memoryBytes: CODEC_MEMORY_LIMIT_BYTES,
      stackBytes: CODEC_STACK_LIMIT_BYTES,
      consoleLines: CODEC_CONSOLE_MAX_LINES,
      consoleChars: CODEC_CONSOLE_MAX_CHARS,
    };
    const request: CodecRequest = { ...call, id: this.nextId++, script, limits };
    return new Promise((resolve) => {
      this.queue.push({ request, resolve });
      this.dispatch();
    });
  }

  private dispatch(): void {
    if (this.slots.length < this.size && this.queue.length > 0 && this.slots.every((s) => s.ready && s.jobs.length > 0)) this.spawn();
    while (this.queue.length > 0) {
      const slot = this.leastBusy();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.jobs.push(job);
      slot.worker.postMessage(job.request);
      // An idle worker starts this call at once.
      if (slot.jobs.length === 1) this.startClock(slot);
    }
  }

  /** The ready worker with the fewest calls queued, if one has room. */
  private leastBusy(): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) {
      if (slot.ready && slot.jobs.length < PIPELINE_DEPTH && (!best || slot.jobs.length < best.jobs.length)) best = slot;
    }
    return best;
  }

  private spawn(): void {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const slot: Slot = { worker, ready: false, jobs: [], timer: undefined };
    worker.on('message', (message: CodecWorkerMessage) => this.receive(slot, message));
    worker.on('error', () => this.fail(slot, ended('exception', 'The codec sandbox failed.')));
    worker.on('exit', () => {
      if (this.slots.includes(slot)) this.fail(slot, ended('exception', 'The codec sandbox stopped.'));
    });
    this.slots.push(slot);
  }

  private receive(slot: Slot, message: CodecWorkerMessage): void {
    if ('ready' in message) {
      slot.ready = true;
    } else {
      const index = slot.jobs.findIndex((job) => job.request.id === message.id);
      if (index >= 0) slot.jobs.splice(index, 1)[0]?.resolve(message.result);
      if (message.restart) this.replace(slot);
      // The worker went straight on to its next queued call.
      else this.startClock(slot);
    }
    this.dispatch();
  }

  /**
   * Times the call the worker runs now against the hard limit. It is started here rather than
   * announced by the worker (one message fewer per call): at worst the main thread sees a reply
   * late, and the limit is then that much more generous.
   */
  private startClock(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = slot.jobs.length > 0 ? setTimeout(() => this.fail(slot, overran), CODEC_HARD_LIMIT_MS) : undefined;
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
