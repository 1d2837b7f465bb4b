import type { JobLeasesRepository } from '../repositories/job-leases.js';
import type { GatewayPresenceRepository } from '../repositories/gateway-presence.js';
import type { NotificationsRepository } from '../repositories/notifications.js';
import { announceGateway, type PresenceTiming } from './broker/presence.js';
import type { LiveBus } from './live/bus.js';
import { notifyOutage } from './broker/outage.js';
import { processNodeName } from './node-name.js';

export interface PresenceSweepDeps {
  presence: GatewayPresenceRepository;
  leases: JobLeasesRepository;
  notifications: NotificationsRepository;
  now: () => Date;
  /** The sweep runs once per heartbeat interval across nodes; connections expire after `expiryMs`. */
  timing: PresenceTiming;
  /** Names this process in the lease (node-name.ts). */
  node?: string;
  /** The console's live streams, told about the gateways that turned disconnected. */
  live?: Pick<LiveBus, 'publish'>;
}

const LEASE = 'gateway-presence';

/**
 * The maintenance chore of gateway presence: a node that died (killed, cut off) holds its
 * gateways' connections until their heartbeat expires; then this marks the gateways no other node
 * holds as disconnected and notifies their owners, once. It runs much more often than the other
 * chores (an outage is news within seconds), under a lease of its own, on one node per interval.
 */
export class PresenceSweep {
  private timer: NodeJS.Timeout | undefined;
  private readonly node: string;

  constructor(private readonly deps: PresenceSweepDeps) {
    this.node = deps.node ?? processNodeName();
  }

  /** Answers how many gateways turned disconnected, or undefined when another node holds the lease. */
  async run(): Promise<number | undefined> {
    const now = this.deps.now();
    const leaseUntil = new Date(now.getTime() + this.deps.timing.heartbeatMs).toISOString();
    if (!(await this.deps.leases.acquire(LEASE, this.node, now.toISOString(), leaseUntil))) return undefined;
    const gone = await this.deps.presence.expire(new Date(now.getTime() - this.deps.timing.expiryMs).toISOString());
    for (const gateway of gone) {
      announceGateway(this.deps.live, gateway, false, now);
      await notifyOutage(this.deps.notifications, gateway, now);
    }
    return gone.length;
  }

  start(log: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.run().catch(log), this.deps.timing.heartbeatMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
