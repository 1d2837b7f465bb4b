import type { BulkJobsRepository } from '../repositories/bulk-jobs.js';
import { SerialRuns } from './serial-runs.js';

export interface BulkJobRunnerOptions {
  jobs: BulkJobsRepository;
  now: () => Date;
  /** Names this process in leases (dataplane/node-name.ts). */
  node: string;
  /** How long a lease holds without a batch renewing it: a killed node's job moves on after this. */
  leaseMs: number;
  /** Devices per batch (one transaction each). */
  batchSize: number;
  /** Whether changes are recorded for a network server (not in standalone mode). */
  network: boolean;
  /** Told of a job that failed, with the error. */
  onError?: (error: unknown) => void;
}

/**
 * Runs queued bulk jobs on this node, one batch after another. Every node runs one; the job's
 * lease keeps the others off it, and a job whose node died is taken over when its lease runs out.
 */
export class BulkJobRunner {
  private readonly runs = new SerialRuns(() => this.run());
  private stopping = false;
  private readonly onError = (error: unknown) => this.options.onError?.(error);

  constructor(private readonly options: BulkJobRunnerOptions) {}

  /** Runs jobs until none is due; returns how many batches were done. A call while one runs joins it (serial-runs.ts). */
  runDue(): Promise<number> {
    return this.runs.run();
  }

  /** A job was queued on this node: start it now rather than at the next tick. */
  wake(): void {
    if (this.runs.ticking) void this.runDue().catch(this.onError);
  }

  start(intervalMs: number): void {
    this.runs.every(intervalMs, this.onError, { now: true });
  }

  /** Takes no further batch and waits for the one under way (its job's lease runs out for another node). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.runs.stop();
  }

  private lease(): { at: string; until: string } {
    const at = this.options.now();
    return { at: at.toISOString(), until: new Date(at.getTime() + this.options.leaseMs).toISOString() };
  }

  private async run(): Promise<number> {
    const { jobs, node, batchSize, network } = this.options;
    let batches = 0;
    while (!this.stopping) {
      const { at, until } = this.lease();
      const job = await jobs.claim(node, at, until);
      if (!job) break;
      try {
        for (;;) {
          if (this.stopping) break;
          const lease = this.lease();
          const outcome = await jobs.runBatch(job.id, node, lease.at, lease.until, batchSize, network);
          if (outcome !== 'more') break;
          batches += 1;
          // Lets requests in between batches: a job of 100,000 devices never holds the node for long.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        this.options.onError?.(error);
        await jobs.fail(job.id, node, 'bulk_job_failed', this.options.now().toISOString());
      }
    }
    return batches;
  }
}
