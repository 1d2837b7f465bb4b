import type { JobLeasesRepository } from '../repositories/job-leases.js';
import type { MaintenanceRepository } from '../repositories/maintenance.js';
import type { NewNotification, NotificationsRepository } from '../repositories/notifications.js';
import { SAMPLE_RETENTION_DAYS, type Plan } from '../domain/plans.js';
import { AUDIT_RETENTION_DAYS } from '../domain/audit.js';
import { isSilent, silentCandidatesBefore } from '../domain/uplinks.js';
import { processNodeName } from './node-name.js';

export interface MaintenanceSettings {
  eventRetentionDays: number;
  /** A device is silent after this many of its usual intervals without an uplink. */
  silentFactor: number;
  certificateWarningDays: number;
  /** Webhook deliveries that are done (delivered, or given up) are kept this long. */
  deliveryRetentionDays: number;
  /** Read notifications are kept this long after they were created; unread ones until they are read. */
  readNotificationRetentionDays: number;
}

export interface MaintenanceDeps {
  store: MaintenanceRepository;
  leases: JobLeasesRepository;
  notifications: NotificationsRepository;
  now: () => Date;
  settings: MaintenanceSettings;
  /** How often the chores run. The node that runs them holds their lease this long, so they run once per interval across nodes. */
  intervalMs: number;
  /** Names this process in the lease (node-name.ts). */
  node?: string;
  /** Rows one purge statement deletes at most (PURGE_BATCH). */
  purgeBatch?: number;
  /** The rule engine: its conditions on uplinks that stay away are evaluated here, as time passes. */
  rules?: { sweep(): Promise<number> } | undefined;
}

const DAY_MS = 86_400_000;
/**
 * Rows one purge statement deletes at most. On SQLite a statement holds the only writer (and the
 * main thread): between small batches, ingest and requests get their turn.
 */
const PURGE_BATCH = 500;
const LEASE = 'maintenance';

export interface MaintenanceReport {
  eventsDeleted: number;
  samplesDeleted: number;
  framesDeleted: number;
  receptionsDeleted: number;
  sessionsDeleted: number;
  deliveriesDeleted: number;
  downlinksDeleted: number;
  notificationsDeleted: number;
  auditEventsDeleted: number;
  silentDevices: number;
  expiringCertificates: number;
  ruleTransitions: number;
}

/** The moment `days` after `now` (before it when negative), as stored. */
const daysFrom = (now: Date, days: number): string => new Date(now.getTime() + days * DAY_MS).toISOString();

/**
 * The data plane's periodic chores: bounded retention of events and time series, housekeeping
 * (dead sessions, old webhook deliveries, old read notifications), and the notifications that come
 * from time passing (a device gone silent, a certificate about to expire), each once per
 * occurrence. With several nodes on one database, one of them runs the chores in each interval:
 * the one that holds their lease.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | undefined;
  private readonly store: MaintenanceRepository;
  private readonly notifications: NotificationsRepository;
  private readonly settings: MaintenanceSettings;
  private readonly node: string;
  private readonly purgeBatch: number;

  constructor(private readonly deps: MaintenanceDeps) {
    this.store = deps.store;
    this.notifications = deps.notifications;
    this.settings = deps.settings;
    this.node = deps.node ?? processNodeName();
    this.purgeBatch = deps.purgeBatch ?? PURGE_BATCH;
  }

  /** Runs the chores, unless another node holds their lease (then answers undefined). */
  async run(): Promise<MaintenanceReport | undefined> {
    const now = this.deps.now();
    const leaseUntil = new Date(now.getTime() + this.deps.intervalMs).toISOString();
    if (!(await this.deps.leases.acquire(LEASE, this.node, now.toISOString(), leaseUntil))) return undefined;
    const at = now.toISOString();
    return {
      eventsDeleted: await this.store.deleteEventsBefore(daysFrom(now, -this.settings.eventRetentionDays)),
      samplesDeleted: await this.deleteExpired(now, (cutoff, plans) => this.store.deleteSamplesBefore(cutoff, plans)),
      framesDeleted: await this.deleteExpired(now, (cutoff, plans) => this.store.deleteFramesBefore(cutoff, plans)),
      // A gateway's index of what it heard follows the plan of the gateway's company.
      receptionsDeleted: await this.deleteExpired(now, (cutoff, plans) => this.store.deleteReceptionsBefore(cutoff, plans)),
      sessionsDeleted: await this.purge((limit) => this.store.purgeSessions(at, limit)),
      deliveriesDeleted: await this.purge((limit) => this.store.purgeDeliveries(daysFrom(now, -this.settings.deliveryRetentionDays), limit)),
      // A device's downlinks are part of its history, kept as long as its events.
      downlinksDeleted: await this.purge((limit) => this.store.purgeDownlinks(daysFrom(now, -this.settings.eventRetentionDays), limit)),
      notificationsDeleted: await this.purge((limit) => this.store.purgeReadNotifications(daysFrom(now, -this.settings.readNotificationRetentionDays), limit)),
      auditEventsDeleted: await this.purgeAuditEvents(now),
      silentDevices: await this.notifySilentDevices(now),
      expiringCertificates: await this.notifyExpiringCertificates(now),
      ruleTransitions: (await this.deps.rules?.sweep()) ?? 0,
    };
  }

  /** Deletes batch after batch until one comes back short. */
  private async purge(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch(this.purgeBatch);
      total += deleted;
      if (deleted < this.purgeBatch) return total;
    }
  }

  /** A company's audit log is kept as long as its plan says (domain/audit.ts). */
  private async purgeAuditEvents(now: Date): Promise<number> {
    let deleted = 0;
    for (const [days, plans] of groupByDays(AUDIT_RETENTION_DAYS)) {
      deleted += await this.purge((limit) => this.store.purgeAuditEvents(daysFrom(now, -days), plans, limit));
    }
    return deleted;
  }

  /** Time series and radio metadata are kept as long as the plan of the owner's company says (spec §9). */
  private async deleteExpired(now: Date, deleteBefore: (cutoff: string, plans: readonly Plan[]) => Promise<number>): Promise<number> {
    let deleted = 0;
    for (const [days, plans] of plansByRetention()) deleted += await deleteBefore(daysFrom(now, -days), plans);
    return deleted;
  }

  start(log: (error: unknown) => void): void {
    const tick = () => void this.run().catch(log);
    tick();
    this.timer = setInterval(tick, this.deps.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async notifyCompany(companyId: string, notification: NewNotification & { dedupeKey: string }, now: Date): Promise<number> {
    const members = await this.notifications.companyMemberIds(companyId);
    return (await this.notifications.notify(members, { ...notification, companyId }, now.toISOString())) > 0 ? 1 : 0;
  }

  private async notifySilentDevices(now: Date): Promise<number> {
    const candidates = await this.store.silentCandidates(silentCandidatesBefore(this.settings.silentFactor, now).toISOString());
    let notified = 0;
    for (const device of candidates) {
      if (!isSilent(device, this.settings.silentFactor, now)) continue;
      const minutes = Math.round(Number(device.uplink_interval_s) / 60) || 1;
      notified += await this.notifyCompany(
        device.company_id,
        {
          kind: 'device_silent',
          params: { name: device.name || device.dev_eui, minutes, since: device.last_seen ?? '' },
          // Keyed by the last uplink: the next silence after it reports again is a new occurrence.
          dedupeKey: `device-silent:${device.id}:${device.last_seen}`,
        },
        now,
      );
    }
    return notified;
  }

  private async notifyExpiringCertificates(now: Date): Promise<number> {
    const gateways = await this.store.expiringCertificates(daysFrom(now, this.settings.certificateWarningDays));
    let notified = 0;
    for (const gateway of gateways) {
      notified += await this.notifyCompany(
        gateway.company_id,
        {
          kind: 'certificate_expiring',
          params: { name: gateway.name || gateway.gateway_id, expires_at: gateway.cert_expires_at ?? '' },
          dedupeKey: `certificate-expiring:${gateway.id}:${gateway.cert_serial}`,
        },
        now,
      );
    }
    return notified;
  }
}

/** The plans that keep time series for a limited time, grouped by their number of days. */
function plansByRetention(): Map<number, Plan[]> {
  return groupByDays(SAMPLE_RETENTION_DAYS);
}

/** Plans grouped by a number of days each keeps something; null (kept for good) is left out. */
function groupByDays(daysByPlan: Readonly<Record<Plan, number | null>>): Map<number, Plan[]> {
  const groups = new Map<number, Plan[]>();
  for (const [plan, days] of Object.entries(daysByPlan) as [Plan, number | null][]) {
    if (days !== null) groups.set(days, [...(groups.get(days) ?? []), plan]);
  }
  return groups;
}
