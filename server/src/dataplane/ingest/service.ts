import type { IngestDevice, IngestScope, TelemetryRepository } from '../../repositories/telemetry.js';
import type { NotificationsRepository } from '../../repositories/notifications.js';
import type { WebhooksRepository } from '../../repositories/webhooks.js';
import { isBatteryLow, powerOf, type PowerSource } from '../../domain/power.js';
import { JoinEvent, StatusEvent, UplinkEvent, type IngestEventType } from '../../schemas/ingest.js';
import { bodyValidator } from '../../http/validation.js';

const checkUplink = bodyValidator<UplinkEvent>(UplinkEvent);
const checkStatus = bodyValidator<StatusEvent>(StatusEvent);
const checkJoin = bodyValidator<JoinEvent>(JoinEvent);
import { flattenReadings } from '../../domain/topics.js';

/** The codec sandbox, as the ingest path needs it (LoRaWAN Payload Codec API, TS013). */
export type UplinkDecoder = (
  codec: string,
  input: { bytes: number[]; fPort: number; recvTime: Date; variables: Record<string, string> },
) => Promise<{ ok: true; data: unknown; warnings: string[]; errors: string[] } | { ok: false; error: { kind: string; message: string } }>;

export type IngestOutcome = { status: 'stored'; deviceId: string; topics: number } | { status: 'unknown-device' };

export interface IngestStats {
  stored: number;
  unknownDevices: number;
  codecErrors: number;
  webhookErrors: number;
}

/**
 * Turns network-server events into stored device data. Every write is committed before the
 * outcome is returned, so acknowledging the outcome acknowledges durable data.
 */
export class IngestService {
  readonly stats: IngestStats = { stored: 0, unknownDevices: 0, codecErrors: 0, webhookErrors: 0 };

  constructor(
    private readonly telemetry: TelemetryRepository,
    private readonly decode: UplinkDecoder,
    private readonly now: () => Date,
    private readonly notifications?: NotificationsRepository,
    private readonly webhooks?: WebhooksRepository,
  ) {}

  private async device(scope: IngestScope, devEui: string): Promise<IngestDevice | undefined> {
    const device = await this.telemetry.findDevice(scope, devEui);
    if (!device) this.stats.unknownDevices++;
    return device;
  }

  private timeOf(event: { time?: string | undefined }): string {
    return event.time ? new Date(event.time).toISOString() : this.now().toISOString();
  }

  /** Validates an event body of the given type (a 400-style error when malformed) and stores it. */
  handle(scope: IngestScope, event: IngestEventType, body: unknown): Promise<IngestOutcome> {
    switch (event) {
      case 'up':
        return this.uplink(scope, checkUplink(body));
      case 'status':
        return this.status(scope, checkStatus(body));
      case 'join':
        return this.join(scope, checkJoin(body));
    }
  }

  async uplink(scope: IngestScope, event: UplinkEvent): Promise<IngestOutcome> {
    const device = await this.device(scope, event.deviceInfo.devEui);
    if (!device) return { status: 'unknown-device' };
    const at = this.timeOf(event);
    const fPort = event.fPort ?? 0;
    const bytes = [...Buffer.from(event.data ?? '', 'base64')];
    let data: unknown = event.object;
    if (data === undefined && device.codec?.trim() && bytes.length > 0) {
      const result = await this.decode(device.codec, { bytes, fPort, recvTime: new Date(at), variables: {} });
      if (!result.ok) {
        this.stats.codecErrors++;
        await this.telemetry.recordEvent(
          device,
          at,
          { type: 'error', summary: `Codec ${result.error.kind}: ${result.error.message}`, payload: { fPort, bytes: Buffer.from(bytes).toString('hex') } },
          true,
        );
        return { status: 'stored', deviceId: device.id, topics: 0 };
      }
      data = result.data;
    }
    const readings = flattenReadings(data ?? {});
    const summary = `Uplink on port ${fPort}${event.fCnt === undefined ? '' : `, frame ${event.fCnt}`}: ${readings.length} values`;
    await this.telemetry.recordUplink(device, at, readings, { type: 'up', summary, payload: { fPort, fCnt: event.fCnt, data } });
    this.stats.stored++;
    await this.queueWebhooks(device, {
      event: 'up',
      time: at,
      device: { id: device.id, dev_eui: device.dev_eui, name: device.name },
      fPort,
      fCnt: event.fCnt,
      data,
    });
    return { status: 'stored', deviceId: device.id, topics: readings.length };
  }

  async status(scope: IngestScope, event: StatusEvent): Promise<IngestOutcome> {
    const device = await this.device(scope, event.deviceInfo.devEui);
    if (!device) return { status: 'unknown-device' };
    const power = powerOf(event);
    const summary =
      power.source === 'external'
        ? 'Status: external power'
        : power.source === 'battery'
          ? `Status: battery ${power.batteryLevel} %`
          : 'Status: battery level unknown';
    await this.telemetry.recordStatus(device, this.timeOf(event), power, { type: 'status', summary, payload: event });
    await this.notifyBattery(device, power);
    this.stats.stored++;
    return { status: 'stored', deviceId: device.id, topics: 0 };
  }

  async join(scope: IngestScope, event: JoinEvent): Promise<IngestOutcome> {
    const device = await this.device(scope, event.deviceInfo.devEui);
    if (!device) return { status: 'unknown-device' };
    const summary = event.devAddr ? `Joined with address ${event.devAddr}` : 'Joined';
    await this.telemetry.recordEvent(device, this.timeOf(event), { type: 'join', summary, payload: { devAddr: event.devAddr } }, true);
    this.stats.stored++;
    return { status: 'stored', deviceId: device.id, topics: 0 };
  }

  /** Queues the decoded uplink for the company's webhooks; a failure here never fails ingest. */
  private async queueWebhooks(device: IngestDevice, payload: unknown): Promise<void> {
    try {
      await this.webhooks?.enqueue(device.company_id, payload, this.now().toISOString());
    } catch {
      this.stats.webhookErrors++;
    }
  }

  /** Battery low: one notification per occurrence; a recovered battery re-arms it. */
  private async notifyBattery(device: IngestDevice, power: { source: PowerSource; batteryLevel: number | null }): Promise<void> {
    if (!this.notifications) return;
    const key = `battery-low:${device.id}`;
    if (power.source === 'battery' && isBatteryLow(power.batteryLevel)) {
      const members = await this.notifications.companyMemberIds(device.company_id);
      const name = device.name || device.dev_eui;
      await this.notifications.notify(
        members,
        { kind: 'battery_low', params: { name, level: power.batteryLevel ?? 0 }, dedupeKey: key, companyId: device.company_id },
        this.now().toISOString(),
      );
    } else if (power.source !== 'unknown') {
      await this.notifications.clearDedupe(key);
    }
  }
}
