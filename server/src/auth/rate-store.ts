import { createHash } from 'node:crypto';
import type { RateCount, RateLimitsRepository } from '../repositories/rate-limits.js';

export type { RateCount };

/** Counts hits per key in fixed windows: in memory on one node, in the database across nodes. */
export interface RateStore {
  /** Counts one hit for the key and answers its count in the current window. */
  hit(key: string, windowMs: number): Promise<RateCount>;
  /** The key's count in the current window, without counting. */
  peek(key: string): Promise<RateCount>;
  /** How many keys are held (tests and benches look at it: it must stay bounded). */
  size(): Promise<number>;
}

// Ended windows are dropped at most this often; between sweeps the entry cap bounds memory.
const SWEEP_EVERY_MS = 60_000;

/**
 * Keys are hashed before they are kept: whatever a client sends (an email of a megabyte), an
 * entry costs the same few bytes.
 */
export const hashedKey = (key: string): string => createHash('sha256').update(key).digest('base64url');

/**
 * A bounded least-recently-used map of counters (a single node, SQLite). Beyond `capacity` keys
 * the least recently hit one goes: an attacker with endless keys can only make the map forget,
 * never grow; the per-address limits keep one address from producing endless keys.
 */
export class MemoryRateStore implements RateStore {
  private readonly counts = new Map<string, RateCount>();
  private lastSweep: number;

  constructor(
    private readonly capacity: number,
    private readonly now: () => Date,
  ) {
    this.lastSweep = now().getTime();
  }

  async hit(key: string, windowMs: number): Promise<RateCount> {
    const at = this.now().getTime();
    this.sweep(at);
    const id = hashedKey(key);
    const known = this.counts.get(id);
    const next = known && known.resetAt > at ? { hits: known.hits + 1, resetAt: known.resetAt } : { hits: 1, resetAt: at + windowMs };
    // Deleting first moves the key to the end of the map's order: the most recently used.
    this.counts.delete(id);
    this.counts.set(id, next);
    while (this.counts.size > this.capacity) {
      const oldest = this.counts.keys().next();
      if (oldest.done) break;
      this.counts.delete(oldest.value);
    }
    return next;
  }

  async peek(key: string): Promise<RateCount> {
    const at = this.now().getTime();
    const known = this.counts.get(hashedKey(key));
    return known && known.resetAt > at ? known : { hits: 0, resetAt: at };
  }

  async size(): Promise<number> {
    return this.counts.size;
  }

  private sweep(at: number): void {
    if (at - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = at;
    for (const [id, count] of this.counts) if (count.resetAt <= at) this.counts.delete(id);
  }
}

/** Counters in the database (PostgreSQL): every API node on it sees the same counts. */
export class SharedRateStore implements RateStore {
  private lastSweep = 0;

  constructor(
    private readonly repository: RateLimitsRepository,
    private readonly now: () => Date,
    private readonly onSweepError: (error: unknown) => void,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateCount> {
    const at = this.now().getTime();
    if (at - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = at;
      // Housekeeping only: the answer does not wait for it, and a failure costs nothing but rows.
      this.repository.sweep(at).catch(this.onSweepError);
    }
    return this.repository.hit(hashedKey(key), at, windowMs);
  }

  async peek(key: string): Promise<RateCount> {
    return this.repository.peek(hashedKey(key), this.now().getTime());
  }

  async size(): Promise<number> {
    return this.repository.count();
  }
}
