/** Sign-ins one address may have waiting for its derivation; a person needs one, a browser's retry two. */
export const KDF_QUEUE_PER_ADDRESS = 4;

/**
 * One slow password derivation per client address at a time. The derivation runs on libuv's
 * small thread pool: without this, one address sending 48 sign-ins at once fills the pool and
 * every other user's sign-in waits behind them. With it, a flood occupies one thread and queues
 * behind itself; beyond `maxWaiting` queued attempts the address is refused at once (429), so the
 * queue, and the memory it holds, stays small.
 */
export class KdfGate {
  private readonly lanes = new Map<string, { tail: Promise<unknown>; queued: number }>();

  constructor(private readonly maxWaiting: number) {}

  /** Runs `derive` after the address's earlier derivations; undefined when too many already wait. */
  run<T>(address: string, derive: () => Promise<T>): Promise<T> | undefined {
    const lane = this.lanes.get(address) ?? { tail: Promise.resolve(), queued: 0 };
    if (lane.queued > this.maxWaiting) return undefined;
    lane.queued += 1;
    this.lanes.set(address, lane);
    const result = lane.tail.then(derive);
    lane.tail = result.then(
      () => this.release(address, lane),
      () => this.release(address, lane),
    );
    return result;
  }

  /** Addresses with a derivation running or queued (bounded by the addresses active right now). */
  get size(): number {
    return this.lanes.size;
  }

  private release(address: string, lane: { queued: number }): void {
    lane.queued -= 1;
    if (lane.queued === 0 && this.lanes.get(address) === lane) this.lanes.delete(address);
  }
}
