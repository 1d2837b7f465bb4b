import type { Db } from '../db/database.js';
import type { NotificationsRepository } from '../repositories/notifications.js';
import { SAMPLE_RETENTION_DAYS, type Plan } from '../plans/plans.js';

export interface MaintenanceSettings {
  eventRetentionDays: number;
  /** A device is silent after this many of its usual intervals without an uplink. */
  silentFactor: number;
  certificateWarningDays: number;
}

const DAY_MS = 86_400_000;
// No device reports more often than this; it bounds the candidates the silent check loads.
const SHORTEST_INTERVAL_S = 10;

export interface MaintenanceReport {
  eventsDeleted: number;
  samplesDeleted: number;
  silentDevices: number;
  expiringCertificates: number;
}

/**
 * The data plane's periodic chores: bounded retention of events and time series, and the
 * notifications that come from time passing (a device gone silent, a certificate about to expire),
 * each once per occurrence.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsRepository,
    private readonly now: () => Date,
    private readonly settings: MaintenanceSettings,
  ) {}

  async run(): Promise<MaintenanceReport> {
    const now = this.now();
    const events = await this.db.deleteFrom('device_events').where('created_at', '<', new Date(now.getTime() - this.settings.eventRetentionDays * DAY_MS).toISOString()).executeTakeFirst();
    return {
      eventsDeleted: Number(events.numDeletedRows),
      samplesDeleted: await this.deleteExpiredSamples(now),
      silentDevices: await this.notifySilentDevices(now),
      expiringCertificates: await this.notifyExpiringCertificates(now),
    };
  }

  /** Time series are kept as long as the plan of the device's company says (spec §9). */
  private async deleteExpiredSamples(now: Date): Promise<number> {
    let deleted = 0;
    for (const [days, plans] of plansByRetention()) {
      const result = await this.db
        .deleteFrom('topic_samples')
        .where('ts', '<', new Date(now.getTime() - days * DAY_MS).toISOString())
        .where('device_id', 'in', (eb) =>
          eb.selectFrom('devices').innerJoin('companies', 'companies.id', 'devices.company_id').select('devices.id').where('companies.plan', 'in', plans),
        )
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }

  start(intervalMs: number, log: (error: unknown) => void): void {
    const tick = () => void this.run().catch(log);
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async notifyCompany(companyId: string, notification: { kind: string; title: string; message: string; dedupeKey: string }, now: Date): Promise<number> {
    const members = await this.notifications.companyMemberIds(companyId);
    return (await this.notifications.notify(members, { ...notification, companyId }, now.toISOString())) > 0 ? 1 : 0;
  }

  private async notifySilentDevices(now: Date): Promise<number> {
    const candidates = await this.db
      .selectFrom('devices')
      .select(['id', 'company_id', 'name', 'dev_eui', 'last_seen', 'uplink_interval_s'])
      .where('uplink_interval_s', 'is not', null)
      .where('last_seen', '<', new Date(now.getTime() - this.settings.silentFactor * SHORTEST_INTERVAL_S * 1000).toISOString())
      .execute();
    let notified = 0;
    for (const device of candidates) {
      const silentMs = now.getTime() - new Date(device.last_seen ?? 0).getTime();
      if (silentMs <= this.settings.silentFactor * Number(device.uplink_interval_s) * 1000) continue;
      const name = device.name || device.dev_eui;
      notified += await this.notifyCompany(
        device.company_id,
        {
          kind: 'device_silent',
          title: `Device silent: ${name}`,
          message: `${name} usually reports every ${Math.round(Number(device.uplink_interval_s) / 60) || 1} min and has not been heard since ${device.last_seen}.`,
          // Keyed by the last uplink: the next silence after it reports again is a new occurrence.
          dedupeKey: `device-silent:${device.id}:${device.last_seen}`,
        },
        now,
      );
    }
    return notified;
  }

  private async notifyExpiringCertificates(now: Date): Promise<number> {
    const gateways = await this.db
      .selectFrom('gateways')
      .select(['id', 'company_id', 'name', 'gateway_id', 'cert_expires_at', 'cert_serial'])
      .where('cert_expires_at', 'is not', null)
      .where('cert_expires_at', '<', new Date(now.getTime() + this.settings.certificateWarningDays * DAY_MS).toISOString())
      .execute();
    let notified = 0;
    for (const gateway of gateways) {
      const name = gateway.name || gateway.gateway_id;
      notified += await this.notifyCompany(
        gateway.company_id,
        {
          kind: 'certificate_expiring',
          title: `Gateway certificate expires soon: ${name}`,
          message: `The certificate of ${name} expires on ${gateway.cert_expires_at}. Download a new one from the gateway page and install it on the gateway.`,
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
  const groups = new Map<number, Plan[]>();
  for (const [plan, days] of Object.entries(SAMPLE_RETENTION_DAYS) as [Plan, number | null][]) {
    if (days !== null) groups.set(days, [...(groups.get(days) ?? []), plan]);
  }
  return groups;
}
