import { CODEC_QUEUE_PER_COMPANY, CODEC_QUEUE_TOTAL, type CodecCaller } from './types.js';

/** Why a call was refused: its company's share of the queue is full, or the whole queue is. */
export type Refusal = 'company' | 'all';

interface Queued {
  caller: CodecCaller;
}

/**
 * The codec calls waiting for a worker, one line per company. The next call handed out is from
 * the company with the fewest calls running, ties going to the one served longest ago, so one
 * company's flood of calls waits behind its own calls and not in front of everyone else's.
 *
 * Interactive calls (test runs, downlink encodings) are refused past CODEC_QUEUE_PER_COMPANY
 * waiting for their company or CODEC_QUEUE_TOTAL waiting in all: a person can try again. Uplink
 * decodes are never refused: they are the data path, already bounded by ingest, and a refused
 * one would be a lost uplink.
 */
export class FairQueue<T extends Queued> {
  private readonly lines = new Map<string, T[]>();
  private readonly interactiveWaiting = new Map<string, number>();
  private readonly running = new Map<string, number>();
  private readonly served = new Map<string, number>();
  private ticks = 0;
  private waiting = 0;

  get size(): number {
    return this.waiting;
  }

  /** Queues the call, or says why not. */
  admit(job: T): Refusal | undefined {
    const { company, interactive } = job.caller;
    if (interactive) {
      if ((this.interactiveWaiting.get(company) ?? 0) >= CODEC_QUEUE_PER_COMPANY) return 'company';
      if (this.waiting >= CODEC_QUEUE_TOTAL) return 'all';
    }
    this.add(job, 'back');
    return undefined;
  }

  /** Puts calls a worker could not run back at the front of their companies' lines (never refused). */
  requeue(jobs: T[]): void {
    for (const job of [...jobs].reverse()) {
      this.finished(job.caller.company);
      this.add(job, 'front');
    }
  }

  /** The next call by fairness among the companies whose first waiting call `may` allows; it now counts as running. */
  next(may: (job: T) => boolean): T | undefined {
    let best: string | undefined;
    for (const [company, line] of this.lines) {
      if (may(line[0] as T) && (best === undefined || this.before(company, best))) best = company;
    }
    if (best === undefined) return undefined;
    const line = this.lines.get(best) as T[];
    const job = line.shift() as T;
    if (line.length === 0) this.lines.delete(best);
    this.waiting--;
    if (job.caller.interactive) this.count(this.interactiveWaiting, best, -1);
    this.count(this.running, best, 1);
    this.served.set(best, this.ticks++);
    return job;
  }

  /** Whether no other company than `company` has calls waiting or running. */
  alone(company: string): boolean {
    for (const other of this.lines.keys()) if (other !== company) return false;
    for (const other of this.running.keys()) if (other !== company) return false;
    return true;
  }

  /** A call handed out by `next` has ended. */
  finished(company: string): void {
    this.count(this.running, company, -1);
  }

  /** Empties the queue (shut-down). */
  drain(): T[] {
    const all = [...this.lines.values()].flat();
    this.lines.clear();
    this.interactiveWaiting.clear();
    this.waiting = 0;
    return all;
  }

  private before(a: string, b: string): boolean {
    const runningA = this.running.get(a) ?? 0;
    const runningB = this.running.get(b) ?? 0;
    if (runningA !== runningB) return runningA < runningB;
    return (this.served.get(a) ?? -1) < (this.served.get(b) ?? -1);
  }

  private add(job: T, end: 'front' | 'back'): void {
    const { company, interactive } = job.caller;
    const line = this.lines.get(company) ?? [];
    if (end === 'front') line.unshift(job);
    else line.push(job);
    this.lines.set(company, line);
    this.waiting++;
    if (interactive) this.count(this.interactiveWaiting, company, 1);
  }

  private count(counts: Map<string, number>, company: string, by: number): void {
    const value = (counts.get(company) ?? 0) + by;
    if (value > 0) counts.set(company, value);
    else counts.delete(company);
  }
}
