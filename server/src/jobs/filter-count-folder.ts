import type { DeviceFilterCountsRepository } from '../repositories/device-filter-counts.js';
import { SerialRuns } from './serial-runs.js';

/** Changes one fold transaction takes at most: a 100,000-device import's 300,000 are folded in short transactions. */
const FOLD_BATCH = 2000;
/** From how many changes folded in one run on the table is vacuumed (an import's, a bulk job's; not a device added by hand). */
const VACUUM_AFTER = 10_000;

/**
 * Folds PostgreSQL's appended filter-count changes (migration 0043) into the counts, so the list's
 * filter options read a few rows per value rather than every change since. The options are right
 * without it (they add the changes up); folding keeps them fast. Every node runs one: two folds
 * never take the same change (repositories/device-filter-counts.ts).
 */
export class FilterCountFolder {
  private readonly runs = new SerialRuns(() => this.foldAll());

  constructor(
    private readonly counts: DeviceFilterCountsRepository,
    private readonly batch = FOLD_BATCH,
    private readonly vacuumAfter = VACUUM_AFTER,
  ) {}

  /** Folds every change there is; answers how many. */
  run(): Promise<number> {
    return this.runs.run();
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.runs.every(intervalMs, onError);
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  private async foldAll(): Promise<number> {
    let folded = 0;
    for (;;) {
      const batch = await this.counts.fold(this.batch);
      folded += batch;
      if (batch < this.batch) break;
    }
    if (folded >= this.vacuumAfter) await this.counts.vacuum();
    return folded;
  }
}
