import type { DownlinksRepository } from '../../repositories/downlinks.js';
import type { NetworkOutboxRepository, OutboxRow } from '../../repositories/network-outbox.js';
import type { NetworkEntitiesRepository } from '../../repositories/network-entities.js';
import type { NotificationsRepository } from '../../repositories/notifications.js';
import { NetworkServerError, type NetworkServer } from './port.js';
import { DependencyPending, pushFailureOf, type Provisioner } from './provisioner.js';
import type { LiveBus } from '../live/bus.js';
import type { DownlinkState } from '../../domain/downlink.js';

export interface DownlinkPusherDeps {
  server: NetworkServer;
  outbox: NetworkOutboxRepository;
  downlinks: DownlinksRepository;
  entities: NetworkEntitiesRepository;
  notifications: NotificationsRepository;
  provisioner: Provisioner;
  now: () => Date;
  /** When a change the network server could not take now is tried again. */
  retryAt: (row: OutboxRow) => Date;
  /** When a downlink whose device another node is pushing looks again. */
  dependencyAt: () => Date;
  /** The console's live streams, told when a downlink is queued or failed. */
  live?: Pick<LiveBus, 'publish'> | undefined;
}

/**
 * Pushes the changes of devices' downlink queues (issue #13), claimed from the outbox like any
 * other change, so each downlink is enqueued by one node. A downlink goes once its device is in the
 * network server; it is retried with backoff while the network server cannot take it, and fails
 * for good, with the reason and a notification, when it refuses it.
 *
 * ChirpStack's Enqueue assigns the queue item id itself (it ignores one we send), so a node that
 * dies between its Enqueue and recording the answer leaves the downlink pending, and the node that
 * takes over the expired claim enqueues it again: at least once in that narrow case, never twice
 * otherwise. Recording the id as soon as the answer arrives keeps the window to one statement.
 */
export class DownlinkPusher {
  constructor(private readonly deps: DownlinkPusherDeps) {}

  private announce(companyId: string | null, deviceId: string, downlinkId: string, state: DownlinkState): void {
    if (!companyId) return;
    this.deps.live?.publish({ kind: 'company', event: { type: 'downlink_state', company_id: companyId, device_id: deviceId, downlink_id: downlinkId, state } });
  }

  async push(row: OutboxRow): Promise<void> {
    try {
      if (row.action === 'put') await this.enqueue(row);
      else await this.flush(row);
      await this.deps.outbox.remove(row);
    } catch (error) {
      if (error instanceof DependencyPending) await this.deps.outbox.defer(row, this.deps.dependencyAt().toISOString());
      else await this.recordFailure(row, error);
    }
  }

  private async enqueue(row: OutboxRow): Promise<void> {
    const downlink = await this.deps.downlinks.find(downlinkIdOf(row) ?? '');
    // Cancelled meanwhile, or the device and its downlinks deleted: nothing to send.
    if (downlink?.state !== 'pending') return;
    const devEui = await this.deps.provisioner.deviceEui(downlink.device_id);
    if (!devEui) return;
    const queueItemId = await this.deps.server.enqueueDownlink({
      devEui,
      fPort: downlink.f_port,
      confirmed: downlink.confirmed === 1,
      data: Uint8Array.from(Buffer.from(downlink.data_hex, 'hex')),
    });
    await this.deps.downlinks.markQueued(downlink.id, queueItemId, this.deps.now().toISOString());
    this.announce(row.company_id, downlink.device_id, downlink.id, 'queued');
    // The device takes downlinks again: a later refusal notifies anew.
    await this.deps.notifications.clearDedupe(failureKey(downlink.device_id));
  }

  /** The flush in the network server; what was queued there is cancelled here. A device it does not know has nothing queued. */
  private async flush(row: OutboxRow): Promise<void> {
    const devEui = await this.deps.outbox.remoteId('device', row.entity_id);
    if (devEui) {
      try {
        await this.deps.server.flushDownlinkQueue(devEui);
      } catch (error) {
        if (!(error instanceof NetworkServerError && error.code === 'not_found')) throw error;
      }
    }
    await this.deps.downlinks.cancelQueued(row.entity_id, this.deps.now().toISOString());
  }

  private async recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const at = this.deps.now().toISOString();
    const reason = pushFailureOf(error);
    if (reason.retryable) {
      await this.deps.outbox.release(row, this.deps.retryAt(row).toISOString());
      const downlinkId = downlinkIdOf(row);
      if (downlinkId) await this.deps.downlinks.noteRetry(downlinkId, reason.code, reason.message, at);
      return;
    }
    // Refused: trying the same again cannot help. A refused flush leaves the queue as it is (the user may flush again).
    await this.deps.outbox.remove(row);
    const downlinkId = downlinkIdOf(row);
    if (downlinkId && (await this.deps.downlinks.markFailed(downlinkId, reason.code, reason.message, at))) {
      this.announce(row.company_id, row.entity_id, downlinkId, 'failed');
      await this.notifyFailure(row, downlinkId, at);
    }
  }

  /** Once per device until one of its downlinks is accepted again. */
  private async notifyFailure(row: OutboxRow, downlinkId: string, at: string): Promise<void> {
    const companyId = row.company_id;
    const downlink = await this.deps.downlinks.find(downlinkId);
    const device = await this.deps.entities.device(row.entity_id);
    if (!companyId || !downlink || !device) return;
    const members = await this.deps.notifications.companyMemberIds(companyId);
    await this.deps.notifications.notify(
      members,
      { kind: 'downlink_failed', params: { name: device.name || device.dev_eui, f_port: downlink.f_port }, dedupeKey: failureKey(device.id), companyId },
      at,
    );
  }
}

/** The downlink a put sends (recorded as its target by network-outbox.ts recordDownlink). */
const downlinkIdOf = (row: OutboxRow): string | undefined =>
  row.action === 'put' && row.target ? (JSON.parse(row.target) as { downlinkId?: string }).downlinkId : undefined;

const failureKey = (deviceId: string): string => `downlink-failed:${deviceId}`;
