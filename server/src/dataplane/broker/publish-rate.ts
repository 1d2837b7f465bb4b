/**
 * How many messages a gateway may publish: a sustained rate and a burst on top. A gateway
 * forwards each frame its concentrator hears once (about 16 demodulators, frames of tens of
 * milliseconds at least) plus a stats message every few seconds: even a busy one stays far
 * below. A client past the limit is disconnected, since MQTT 3.1.1 has no way to refuse a
 * single publish; the forwarder reconnects after its reconnect interval.
 */
export const GATEWAY_PUBLISH_RATE = { perSecond: 50, burst: 200 } as const;

/** A token bucket: `take()` answers whether one more message fits the rate. */
export class PublishRate {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly limit: { perSecond: number; burst: number },
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limit.burst;
    this.updatedAt = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.limit.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
