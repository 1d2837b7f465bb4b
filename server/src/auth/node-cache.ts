/**
 * A value per key, read from the database at most once per `ttlMs` on this node: the hot paths
 * (every API-key request, every network-server event) would otherwise read plans each time. A
 * change made elsewhere (a plan, a suspension) takes effect on every node within `ttlMs`.
 */
export class NodeCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();

  constructor(private readonly ttlMs: number) {}

  async get(key: string, at: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && at - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    this.entries.set(key, { value, at });
    return value;
  }
}
