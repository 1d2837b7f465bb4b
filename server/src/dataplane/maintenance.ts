import type { MaintenanceRepository } from '../repositories/maintenance.js';
import type { NewNotification, NotificationsRepository } from '../repositories/notifications.js';
import { SAMPLE_RETENTION_DAYS, type Plan } from '../domain/plans.js';
import { isSilent, silentCandidatesBefore } from '../domain/uplinks.js';

export interface MaintenanceSettings {
  eventRetentionDays: number;
  /** A device is silent after this many of its usual intervals without an uplink. */
  silentFactor: number;
  certificateWarningDays: number;
}

const DAY_MS = 86_400_000;

export interface MaintenanceReport {
  eventsDeleted: number;
  samplesDeleted: number;
  framesDeleted: number;
  receptionsDeleted: number;
  silentDevices: number;
  expiringCertificates: number;
}

/** The moment `days` after `now` (before it when negative), as stored. */
const daysFrom = (now: Date, days: number): string => new Date(now.getTime() + days * DAY_MS).toISOString();

/**
 * The data plane's periodic chores: bounded retention of events and time series, and the
 * notifications that come from time passing (a device gone silent, a certificate about to expire),
 * each once per occurrence.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: MaintenanceRepository,
    private readonly notifications: NotificationsRepository,
    private readonly now: () => Date,
    private readonly settings: MaintenanceSettings,
  ) {}

  async run(): Promise<MaintenanceReport> {
    const now = this.now();
    return {
      eventsDeleted: await this.store.deleteEventsBefore(daysFrom(now, -this.settings.eventRetentionDays)),
      samplesDeleted: await this.deleteExpired(now, (cutoff, plans) => this.store.deleteSamplesBefore(cutoff, plans)),
      framesDeleted: await this.deleteExpired(now, (cutoff, plans) => this.store.deleteFramesBefore(cutoff, plans)),
      // A gateway's index of what it heard follows the plan of the gateway's company.
      receptionsDeleted: await this.deleteExpired(now, (cutoff, plans) => this.store.deleteReceptionsBefore(cutoff, plans)),
      silentDevices: await this.notifySilentDevices(now),
      expiringCertificates: await this.notifyExpiringCertificates(now),
    };
  }

  /** Time series and radio metadata are kept as long as the plan of the owner's company says (spec §9). */
  private async deleteExpired(now: Date, deleteBefore: (cutoff: string, plans: readonly Plan[]) => Promise<number>): Promise<number> {
    let deleted = 0;
    for (const [days, plans] of plansByRetention()) deleted += await deleteBefore(daysFrom(now, -days), plans);
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
  const groups = new Map<number, Plan[]>();
  for (const [plan, days] of Object.entries(SAMPLE_RETENTION_DAYS) as [Plan, number | null][]) {
    if (days !== null) groups.set(days, [...(groups.get(days) ?? []), plan]);
  }
  return groups;
}
