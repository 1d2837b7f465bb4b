import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  CODEC_CONSOLE_MAX_CHARS,
  CODEC_CONSOLE_MAX_LINES,
  CODEC_MEMORY_LIMIT_BYTES,
  CODEC_OUTPUT_MAX_BYTES,
  CODEC_QUEUE_PER_COMPANY,
  CODEC_QUEUE_TOTAL,
  CODEC_STACK_LIMIT_BYTES,
  CODEC_TIME_LIMITS,
  type CodecCall,
  type CodecCaller,
  type CodecRequest,
  type CodecResult,
  type CodecTimeLimits,
  type CodecWorkerMessage,
  type DownlinkInput,
  type EncodeResult,
  type UplinkInput,
} from './types.js';
import { checkEncoded } from './encode.js';
import { FairQueue, type Refusal } from './fair-queue.js';

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
  caller: CodecCaller;
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
const refused = (queue: Refusal): CodecResult => ({
  ok: false,
  error: {
    kind: 'queue-full',
    queue,
    message:
      queue === 'company'
        ? `This company already has ${CODEC_QUEUE_PER_COMPANY} codec calls waiting.`
        : `${CODEC_QUEUE_TOTAL} codec calls are waiting; the sandbox is busy.`,
  },
  console: { lines: [], truncated: false },
});

/**
 * Runs codecs in worker threads, so a codec never blocks the server's event loop and one that
 * outruns even the hard limit is stopped by terminating its worker (a fresh one takes over).
 *
 * Shared by all companies, fairly: calls wait in a FairQueue (fewest running first), and with
 * more than one worker no company gets calls into every worker, so one company's endless-loop
 * codecs always leave a worker to the others.
 */
export class CodecPool {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Job>();
  private nextId = 1;
  private closed = false;

  private readonly overran: CodecResult;

  /**
   * `timeLimits` other than the product's (CODEC_TIME_LIMITS) are for tests only: on a machine
   * loaded by other work, a codec whose limit is not under test may need more than 100 ms.
   */
  constructor(
    private readonly size = Math.max(1, Math.min(2, os.availableParallelism())),
    private readonly timeLimits: CodecTimeLimits = CODEC_TIME_LIMITS,
  ) {
    this.overran = ended('timeout', `The codec ran longer than ${timeLimits.timeMs} ms.`);
  }

  /** Decodes an uplink (TS013 `decodeUplink`, or the older `Decode`). */
  run(script: string, input: UplinkInput, caller: CodecCaller): Promise<CodecResult> {
    const { bytes, fPort, recvTime, variables } = input;
    return this.submit(script, { entry: 'decode', input: { bytes, fPort, recvTime: recvTime.getTime(), variables } }, caller);
  }

  /** Encodes a downlink (TS013 `encodeDownlink`, or the older `Encode`), its bytes and port checked. */
  async encode(script: string, input: DownlinkInput, caller: CodecCaller): Promise<EncodeResult> {
    return checkEncoded(await this.submit(script, { entry: 'encode', input }, caller));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.drain()) job.resolve(shutDown);
    for (const slot of this.slots) for (const job of slot.jobs.splice(0)) this.settle(job, shutDown);
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot)));
  }

  private submit(script: string, call: CodecCall, caller: CodecCaller): Promise<CodecResult> {
    if (this.closed) return Promise.resolve(shutDown);
    const limits = {
      timeMs: this.timeLimits.timeMs,
      memoryBytes: CODEC_MEMORY_LIMIT_BYTES,
      stackBytes: CODEC_STACK_LIMIT_BYTES,
      consoleLines: CODEC_CONSOLE_MAX_LINES,
      consoleChars: CODEC_CONSOLE_MAX_CHARS,
      outputBytes: CODEC_OUTPUT_MAX_BYTES,
    };
    const request: CodecRequest = { ...call, id: this.nextId++, company: caller.company, script, limits };
    return new Promise((resolve) => {
      const refusal = this.queue.admit({ caller, request, resolve });
      if (refusal) resolve(refused(refusal));
      else this.dispatch();
    });
  }

  private dispatch(): void {
    if (this.slots.length < this.size && this.queue.size > 0 && this.slots.every((s) => s.ready && s.jobs.length > 0)) this.spawn();
    for (;;) {
      const job = this.queue.next((first) => this.slotFor(first.caller) !== undefined);
      if (!job) return;
      const slot = this.slotFor(job.caller) as Slot;
      slot.jobs.push(job);
      slot.worker.postMessage(job.request);
      // An idle worker starts this call at once.
      if (slot.jobs.length === 1) this.startClock(slot);
    }
  }

  /**
   * The ready worker with room and the fewest calls queued that may take a call of `company`
   * (one already running its calls first among equals). A company does not get calls into every
   * worker: the last one is kept for the others, so their calls never wait behind its endless ones.
   * Only uplinks of a company alone in the pool may use every worker (a single company's ingest
   * keeps its throughput; another company's first call then waits behind at most a pipeline of
   * them). Nor does a call join another company's calls while a worker (even one starting) is idle.
   */
  private slotFor({ company, interactive }: CodecCaller): Slot | undefined {
    const has = (slot: Slot) => slot.jobs.some((job) => job.caller.company === company);
    const occupied = this.slots.filter(has).length;
    const reserve = this.size > 1 && (interactive || !this.queue.alone(company));
    const idle = this.slots.some((slot) => slot.jobs.length === 0);
    let best: Slot | undefined;
    for (const slot of this.slots) {
      if (!slot.ready || slot.jobs.length >= PIPELINE_DEPTH) continue;
      const mine = has(slot);
      // A company in every worker (it was alone) adds nothing until one of them is free of it.
      if (reserve && occupied + (mine ? 0 : 1) >= this.size) continue;
      if (!mine && idle && slot.jobs.length > 0) continue;
      if (!best || slot.jobs.length < best.jobs.length || (slot.jobs.length === best.jobs.length && mine && !has(best))) best = slot;
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
      if (index >= 0) this.settle(slot.jobs.splice(index, 1)[0] as Job, message.result);
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
    slot.timer = slot.jobs.length > 0 ? setTimeout(() => this.fail(slot, this.overran), this.timeLimits.hardLimitMs) : undefined;
  }

  /**
   * Ends a worker whose current call overran or that crashed: that call gets `result`; the calls
   * queued behind it go back to the front of the queue for another worker.
   */
  private fail(slot: Slot, result: CodecResult): void {
    const [current, ...waiting] = slot.jobs.splice(0);
    if (current) this.settle(current, result);
    this.queue.requeue(waiting);
    this.replace(slot);
    this.dispatch();
  }

  private settle(job: Job, result: CodecResult): void {
    this.queue.finished(job.caller.company);
    job.resolve(result);
  }

  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    this.queue.requeue(slot.jobs.splice(0));
    void this.stop(slot);
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimeout(slot.timer);
    slot.worker.removeAllListeners();
    await slot.worker.terminate();
  }
}
