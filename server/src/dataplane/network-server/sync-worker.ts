import { SerialRuns } from '../../jobs/serial-runs.js';
import type { DownlinksRepository } from '../../repositories/downlinks.js';
import type { EntityOutboxRow, NetworkChange, NetworkOutboxRepository, OutboxRow } from '../../repositories/network-outbox.js';
import type { NetworkEntitiesRepository } from '../../repositories/network-entities.js';
import type { NotificationsRepository } from '../../repositories/notifications.js';
import { processNodeName } from '../node-name.js';
import type { NetworkServer } from './port.js';
import { DownlinkPusher } from './downlink-pusher.js';
import { DependencyPending, Provisioner, pushFailureOf } from './provisioner.js';
import type { LiveBus } from '../live/bus.js';

const BATCH = 25;
/** Longer than a push can take (each call has its own deadline), so a live claim is never taken over. */
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60_000;
/** After this many attempts a change still retried is shown as failed, with its reason. */
const FAILED_AFTER_ATTEMPTS = 5;
/** A device waiting for its application or profile looks again after this. */
const DEPENDENCY_WAIT_MS = 1_000;

/** 5 s, 10 s, 20 s … up to 10 min: a network server that is down for hours is tried every 10 minutes. */
const syncRetryDelayMs = (attempts: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface SyncWorkerDeps {
  outbox: NetworkOutboxRepository;
  entities: NetworkEntitiesRepository;
  downlinks: DownlinksRepository;
  notifications: NotificationsRepository;
  server: NetworkServer;
  now: () => Date;
  /** Where the network server's HTTP integration posts events: PUBLIC_URL + /api/ingest/chirpstack. */
  ingestUrl: string;
  /** Names this process in claims; unique per process, so a restarted node never mistakes an old claim for its own. */
  node?: string;
  /** The console's live streams, told when an entity's sync state changes. */
  live?: Pick<LiveBus, 'publish'>;
}

/**
 * Pushes recorded changes to the network server (issue #13). Each change is claimed with a lease,
 * pushed, then removed; a failure is retried with backoff, or parked when retrying cannot help.
 */
export class NetworkSyncWorker {
  private readonly runs = new SerialRuns(() => this.pushBatch());
  private readonly node: string;
  private readonly provisioner: Provisioner;
  private readonly downlinks: DownlinkPusher;

  constructor(private readonly deps: SyncWorkerDeps) {
    this.node = deps.node ?? processNodeName();
    this.provisioner = new Provisioner(deps.server, deps.outbox, deps.entities, deps.now, deps.ingestUrl, (change) => this.pushNow(change));
    this.downlinks = new DownlinkPusher({
      ...deps,
      provisioner: this.provisioner,
      retryAt: (row) => new Date(deps.now().getTime() + syncRetryDelayMs(row.attempts)),
      dependencyAt: () => new Date(deps.now().getTime() + DEPENDENCY_WAIT_MS),
    });
  }

  /** Pushes a batch of the changes due now; returns how many were attempted. A call while one runs joins it (serial-runs.ts). */
  pushDue(): Promise<number> {
    return this.runs.run();
  }

  /** Pushes until nothing is due (tests and the reconcile command wait on this). */
  async drain(): Promise<void> {
    while ((await this.pushDue()) > 0);
  }

  start(intervalMs: number, log: (error: unknown) => void): void {
    this.runs.every(intervalMs, log);
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  private async pushBatch(): Promise<number> {
    const at = this.deps.now();
    const rows = await this.deps.outbox.claim(this.node, at.toISOString(), leaseUntil(at), BATCH);
    // One at a time: a batch often holds a device and its profile, and the profile must exist there first.
    for (const row of rows) await this.push(row);
    return rows.length;
  }

  /**
   * Pushes a dependency's change at once, claimed like any other so no other node pushes it too.
   * Its failure is recorded on it and fails the dependent change as well.
   */
  private async pushNow(change: NetworkChange): Promise<void> {
    const at = this.deps.now();
    await this.deps.outbox.ensurePut(change, at.toISOString());
    const row = await this.deps.outbox.claimEntity(change.kind, change.entityId, this.node, at.toISOString(), leaseUntil(at));
    if (!row || !isEntityRow(row)) return;
    await this.apply(row).catch(async (error: unknown) => {
      // A dependency of its own held elsewhere (a downlink's device waiting for its application): it waits too, no failure.
      if (error instanceof DependencyPending) await this.deps.outbox.defer(row, new Date(this.deps.now().getTime() + DEPENDENCY_WAIT_MS).toISOString());
      else await this.recordFailure(row, error);
      throw error;
    });
  }

  private async push(row: OutboxRow): Promise<void> {
    if (!isEntityRow(row)) return this.downlinks.push(row);
    try {
      await this.apply(row);
    } catch (error) {
      if (error instanceof DependencyPending) await this.deps.outbox.defer(row, new Date(this.deps.now().getTime() + DEPENDENCY_WAIT_MS).toISOString());
      else await this.recordFailure(row, error);
    }
  }

  /** Applies a claimed change and removes it; the entity is in sync again, so a later failure notifies anew. */
  private async apply(row: EntityOutboxRow): Promise<void> {
    const remoteId = await this.provisioner.apply(row);
    await this.deps.outbox.complete(row, remoteId, this.deps.now().toISOString());
    if (row.action === 'put') this.announce(row, 'synced');
    await this.deps.notifications.clearDedupe(syncFailureKey(row));
  }

  private async recordFailure(row: EntityOutboxRow, error: unknown): Promise<void> {
    const at = this.deps.now();
    const { code, message, retryable } = pushFailureOf(error);
    const failed = !retryable || row.attempts >= FAILED_AFTER_ATTEMPTS;
    const nextAttemptAt = retryable ? new Date(at.getTime() + syncRetryDelayMs(row.attempts)).toISOString() : null;
    await this.deps.outbox.fail(row, { code, message, nextAttemptAt, failed }, at.toISOString());
    if (failed && row.action === 'put') this.announce(row, 'failed');
    if (failed && row.action === 'put' && row.company_id) await this.notifyFailure(row, at);
  }

  private announce(row: EntityOutboxRow, state: 'synced' | 'failed'): void {
    // Applications are the network server's grouping of a company's devices; the console shows none.
    if (!row.company_id || row.kind === 'application') return;
    this.deps.live?.publish({ kind: 'company', event: { type: 'network_sync', company_id: row.company_id, kind: row.kind, id: row.entity_id, state } });
  }

  /** Once per entity until it is in sync again. */
  private async notifyFailure(row: EntityOutboxRow, at: Date): Promise<void> {
    const companyId = row.company_id as string;
    const name = await this.provisioner.displayName(row);
    const members = await this.deps.notifications.companyMemberIds(companyId);
    await this.deps.notifications.notify(
      members,
      { kind: 'network_sync_failed', params: { name }, dedupeKey: syncFailureKey(row), companyId },
      at.toISOString(),
    );
  }
}

const isEntityRow = (row: OutboxRow): row is EntityOutboxRow => row.kind !== 'downlink';

const leaseUntil = (at: Date): string => new Date(at.getTime() + LEASE_MS).toISOString();

const syncFailureKey = (row: Pick<OutboxRow, 'kind' | 'entity_id'>): string => `network-sync:${row.kind}:${row.entity_id}`;
