import { describe, expect, it } from 'vitest';
import { pluginStore } from '../../../server/src/auth/rate-limit.js';
import type { RateCount, RateStore } from '../../../server/src/auth/rate-store.js';

// The store behind @fastify/rate-limit (a single layer, with a counting store in place of the
// database): a key over its limit is refused on this node without asking the shared store again.
class CountingStore implements RateStore {
  calls = 0;
  private readonly counts = new Map<string, RateCount>();
  constructor(private readonly now: () => number) {}
  async hit(key: string, windowMs: number): Promise<RateCount> {
    this.calls++;
    const known = this.counts.get(key);
    const next = known && known.resetAt > this.now() ? { hits: known.hits + 1, resetAt: known.resetAt } : { hits: 1, resetAt: this.now() + windowMs };
    this.counts.set(key, next);
    return next;
  }
  async peek(key: string): Promise<RateCount> {
    return this.counts.get(key) ?? { hits: 0, resetAt: this.now() };
  }
  async size(): Promise<number> {
    return this.counts.size;
  }
}

describe('the rate-limit plugin store', () => {
  let at = Date.parse('2026-11-27T10:00:00Z');
  const now = () => new Date(at);
  const incr = (store: InstanceType<ReturnType<typeof pluginStore>>, key: string, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)), 60_000, max),
    );

  it('asks the shared store until a key is over its limit, then refuses it locally until the window ends', async () => {
    const shared = new CountingStore(() => at);
    const Store = pluginStore(shared, now);
    const store = new Store({});
    const counts = [];
    for (let i = 0; i < 5; i++) counts.push((await incr(store, 'codec-test|u1|c1', 3)).current);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    // Four hits reached the store (the fourth found the key over its limit); the fifth did not.
    expect(shared.calls).toBe(4);
    for (let i = 0; i < 100; i++) expect((await incr(store, 'codec-test|u1|c1', 3)).current).toBeGreaterThan(3);
    expect(shared.calls).toBe(4);
    // Another key still asks.
    expect((await incr(store, 'codec-test|u2|c1', 3)).current).toBe(1);
    expect(shared.calls).toBe(5);

    // Once the window has ended the key counts afresh in the shared store.
    at += 60_001;
    expect((await incr(store, 'codec-test|u1|c1', 3)).current).toBe(1);
    expect(shared.calls).toBe(6);
  });

  it('answers the time left in the window for a key refused locally', async () => {
    const Store = pluginStore(new CountingStore(() => at), now);
    const store = new Store({});
    for (let i = 0; i < 2; i++) await incr(store, 'signin|10.0.0.1', 1);
    at += 20_000;
    expect(await incr(store, 'signin|10.0.0.1', 1)).toEqual({ current: 3, ttl: 40_000 });
  });
});
