import type { GatewayPresenceRepository } from '../../repositories/gateway-presence.js';
import type { NotificationsRepository } from '../../repositories/notifications.js';
import { notifyOutage, outageKey } from './outage.js';
import type { LiveBus } from '../live/bus.js';

export interface PresenceTiming {
  /** How often a node refreshes the heartbeat of the connections it holds. */
  heartbeatMs: number;
  /** A connection whose heartbeat is older than this no longer counts (its node is gone). */
  expiryMs: number;
}

export interface NodePresenceDeps {
  repository: GatewayPresenceRepository;
  notifications: NotificationsRepository;
  /** This process's name (node-name.ts). */
  node: string;
  now: () => Date;
  timing: PresenceTiming;
  /** The console's live streams, told when a gateway connects or disconnects. */
  live?: Pick<LiveBus, 'publish'>;
}

/** Tells the live streams of the gateway's company that it connected or disconnected. */
export function announceGateway(live: Pick<LiveBus, 'publish'> | undefined, gateway: { id: string; company_id: string }, connected: boolean, at: Date): void {
  live?.publish({
    kind: 'company',
    event: { type: 'gateway_status', company_id: gateway.company_id, gateway_id: gateway.id, connected, at: at.toISOString() },
  });
}

/**
 * The gateway connections one node holds, recorded in the shared database with a heartbeat
 * (repositories/gateway-presence.ts). A gateway is disconnected, and its owners notified, only when
 * the last node holding it lets go; a gateway that has moved to another node meanwhile stays
 * connected. Writes for one gateway run in the order the broker reported them, so a quick
 * reconnect on this node is never overtaken by the release of the connection before it.
 */
export class NodePresence {
  /** Connections per gateway ID: during a session takeover old and new may overlap. */
  private readonly held = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: NodePresenceDeps) {}

  connected(gatewayId: string): Promise<void> {
    this.held.set(gatewayId, (this.held.get(gatewayId) ?? 0) + 1);
    return this.inOrder(gatewayId, () => this.hold(gatewayId));
  }

  disconnected(gatewayId: string): Promise<void> {
    const left = (this.held.get(gatewayId) ?? 0) - 1;
    if (left > 0) {
      this.held.set(gatewayId, left);
      return Promise.resolve();
    }
    this.held.delete(gatewayId);
    return this.inOrder(gatewayId, async () => {
      // Connected again on this node while waiting: the newer connection holds it.
      if (this.held.has(gatewayId)) return;
      const now = this.deps.now();
      const liveAfter = new Date(now.getTime() - this.deps.timing.expiryMs).toISOString();
      const gone = await this.deps.repository.release(gatewayId, this.deps.node, now.toISOString(), liveAfter);
      if (!gone) return;
      announceGateway(this.deps.live, gone, false, now);
      await notifyOutage(this.deps.notifications, gone, now);
    });
  }

  /**
   * Refreshes the heartbeat of this node's connections. A row missing (swept while this node
   * stalled past the expiry) is recorded again; a gateway this node holds that was marked
   * disconnected all the same is connected again.
   */
  async heartbeat(): Promise<void> {
    const { recorded, reconnected } = await this.deps.repository.heartbeat(this.deps.node, this.deps.now().toISOString());
    for (const gatewayRef of reconnected) await this.deps.notifications.clearDedupe(outageKey(gatewayRef));
    const lost = [...this.held.keys()].filter((gatewayId) => !recorded.has(gatewayId));
    await Promise.all(lost.map((gatewayId) => this.inOrder(gatewayId, () => this.hold(gatewayId))));
  }

  /** Resolves once the writes reported so far are done (a node closing, a test asserting what they did). */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.heartbeat().catch(onError), this.deps.timing.heartbeatMs);
    this.timer.unref();
  }

  /** Stops the heartbeat; rows stay and expire, so gateways that reconnect elsewhere meanwhile raise no alert. */
  stop(): void {
    clearInterval(this.timer);
  }

  private async hold(gatewayId: string): Promise<void> {
    // Released before this write ran: the release is the newer news.
    if (!this.held.has(gatewayId)) return;
    const now = this.deps.now();
    const gateway = await this.deps.repository.hold(gatewayId, this.deps.node, now.toISOString());
    if (gateway) announceGateway(this.deps.live, gateway, true, now);
    if (gateway) await this.deps.notifications.clearDedupe(outageKey(gateway.id));
  }

  /** Runs `write` after the writes queued before it for the same gateway, whatever they answered. */
  private inOrder(gatewayId: string, write: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(gatewayId) ?? Promise.resolve();
    const next = previous.then(write);
    const settled = next.catch(() => undefined);
    this.queues.set(gatewayId, settled);
    void settled.then(() => {
      if (this.queues.get(gatewayId) === settled) this.queues.delete(gatewayId);
    });
    return next;
  }
}
