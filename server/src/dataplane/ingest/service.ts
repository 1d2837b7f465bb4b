import type { DeviceChanges, IngestDevice, IngestScope, TelemetryRepository } from '../../repositories/telemetry.js';
import type { NotificationsRepository } from '../../repositories/notifications.js';
import { INSTALLATION_SCOPE, type UnregisteredDevicesRepository } from '../../repositories/unregistered-devices.js';
import { isBatteryLow } from '../../domain/power.js';
import { normaliseEui } from '../../domain/eui.js';
import { frameOf } from '../../domain/radio.js';
import { flattenReadings } from '../../domain/topics.js';
import type { IngestEventType, LogEvent, UplinkEvent } from '../../schemas/ingest.js';
import { eventKey } from './event-key.js';
import { JOIN_FAILURE_CODES, JOIN_FAILURE_WINDOW_MS, JOIN_FAILURES_TO_NOTIFY, storedEvent, type OtherEvent } from './events.js';
import { parseEvent, type ParsedEvent } from './parse.js';
import { decodeUplink, type UplinkDecoder } from './decode.js';
import type { RuleEngine } from '../rules/engine.js';
import type { RuleStage } from '../../repositories/rule-states.js';
import type { SuspensionCheck } from '../../auth/suspension.js';
import type { LiveBus } from '../live/bus.js';
import { powerStatus } from '../../domain/power.js';

export type { UplinkDecoder } from './decode.js';

/**
 * `duplicate`: the event was stored before (a redelivery), nothing was written; `unregistered`: no
 * device the scope may deliver for has the DevEUI. All three are successes to acknowledge.
 * `suspended`: the device's company is suspended (issue #17): nothing was written, and sending it
 * again cannot help (MQTT acknowledges it, HTTP answers 403).
 */
export type IngestOutcome =
  | { status: 'stored'; deviceId: string; topics: number }
  | { status: 'duplicate'; deviceId: string }
  | { status: 'unregistered' }
  | { status: 'suspended'; companyId: string };

export interface IngestStats {
  stored: number;
  duplicates: number;
  unknownDevices: number;
  codecErrors: number;
  /** Events refused because their company is suspended. */
  suspended: number;
}

/**
 * Turns network-server events into stored device data, each event once. Every write is committed
 * before the outcome is returned, so acknowledging the outcome acknowledges durable data.
 */
export class IngestService {
  readonly stats: IngestStats = { stored: 0, duplicates: 0, unknownDevices: 0, codecErrors: 0, suspended: 0 };

  constructor(
    private readonly telemetry: TelemetryRepository,
    private readonly decode: UplinkDecoder,
    private readonly now: () => Date,
    private readonly notifications?: NotificationsRepository,
    private readonly unregistered?: UnregisteredDevicesRepository,
    private readonly rules?: RuleStage & Pick<RuleEngine, 'status' | 'log'>,
    private readonly suspended?: SuspensionCheck,
    private readonly live?: Pick<LiveBus, 'publish'>,
  ) {}

  private async refused(companyId: string): Promise<IngestOutcome | undefined> {
    if (!(await this.suspended?.(companyId))) return undefined;
    this.stats.suspended++;
    return { status: 'suspended', companyId };
  }

  /** Tells the console's live streams the device was heard; the bus keeps one event per device a window. */
  private announce(device: IngestDevice, at: string, power?: DeviceChanges['power']): void {
    this.live?.publish({
      kind: 'company',
      event: {
        type: 'device_status',
        company_id: device.company_id,
        device_id: device.id,
        last_seen: at,
        ...(power ? { power_status: powerStatus({ power_source: power.source, battery_level: power.batteryLevel }), battery_level: power.batteryLevel } : {}),
      },
    });
  }

  private timeOf(event: { time?: string | undefined }): string {
    return event.time ? new Date(event.time).toISOString() : this.now().toISOString();
  }

  /**
   * The one entry of HTTP and MQTT: `body` is the parsed JSON, or the raw bytes of the request or
   * message (JSON or Protobuf). Throws a 400-style error when it is not an event of the type.
   */
  async handle(scope: IngestScope, type: IngestEventType, body: unknown): Promise<IngestOutcome> {
    const parsed = parseEvent(type, body);
    const device = await this.telemetry.findDevice(scope, parsed.event.deviceInfo.devEui);
    if (!device) return this.heardUnregistered(scope, parsed);
    const refused = await this.refused(device.company_id);
    if (refused) return refused;
    const outcome = parsed.type === 'up' ? await this.uplink(device, parsed.event) : await this.other(device, parsed);
    if (outcome.status === 'duplicate') this.stats.duplicates++;
    else this.stats.stored++;
    return outcome;
  }

  private async uplink(device: IngestDevice, event: UplinkEvent): Promise<IngestOutcome> {
    const at = this.timeOf(event);
    const key = eventKey('up', event);
    const frame = frameOf(event);
    const fPort = event.fPort ?? 0;
    const bytes = [...Buffer.from(event.data ?? '', 'base64')];
    const decoded = await decodeUplink(this.decode, device, { object: event.object, bytes, fPort, recvTime: new Date(at) });
    if (!decoded.ok) {
      this.stats.codecErrors++;
      const written = await this.telemetry.recordUplink({
        device,
        at,
        readings: [],
        event: { type: 'error', summary: decoded.summary, payload: decoded.details, key },
        frame,
      });
      if (written === 'stored') this.announce(device, at);
      return written === 'stored' ? { status: 'stored', deviceId: device.id, topics: 0 } : { status: 'duplicate', deviceId: device.id };
    }
    const { data, decodedBy, warnings } = decoded;
    const readings = flattenReadings(data ?? {});
    const summary = `Uplink on port ${fPort}${event.fCnt === undefined ? '' : `, frame ${event.fCnt}`}: ${readings.length} values`;
    const webhook = { event: 'up', time: at, device: { id: device.id, dev_eui: device.dev_eui, name: device.name }, fPort, fCnt: event.fCnt, data };
    const written = await this.telemetry.recordUplink({
      device,
      at,
      readings,
      event: { type: 'up', summary, payload: { fPort, fCnt: event.fCnt, data, decoded_by: decodedBy, ...(warnings.length > 0 ? { warnings } : {}) }, key },
      frame,
      decodedBy,
      webhook: { payload: webhook, queuedAt: this.now().toISOString() },
      // Evaluated with the uplink's batch, only if the uplink is new.
      rules: this.rules && { stage: this.rules, uplink: { device, at, readings: Object.fromEntries(readings.map((r) => [r.topic, r.value])) } },
    });
    if (written === 'stored') this.announce(device, at);
    return written === 'stored' ? { status: 'stored', deviceId: device.id, topics: readings.length } : { status: 'duplicate', deviceId: device.id };
  }

  private async other(device: IngestDevice, parsed: OtherEvent): Promise<IngestOutcome> {
    const at = this.timeOf(parsed.event);
    const { event, changes } = storedEvent(parsed);
    if (!(await this.telemetry.recordEvent(device, at, event, changes))) return { status: 'duplicate', deviceId: device.id };
    this.announce(device, at, changes.power);
    if (changes.power) await this.notifyBattery(device, changes.power);
    if (parsed.type === 'log') await this.notifyJoinFailures(device, parsed.event, at);
    if (changes.power) await this.rules?.status(device, at, changes.power.batteryLevel);
    if (parsed.type === 'log' && parsed.event.code) await this.rules?.log(device, at, parsed.event.code);
    return { status: 'stored', deviceId: device.id, topics: 0 };
  }

  /**
   * Keeps the DevEUI in the scope's "heard but not registered" list: the company of the
   * integration key; else the company whose network-server application sent it, when the scope may
   * deliver for it; else a user's only company; else the installation.
   */
  private async heardUnregistered(scope: IngestScope, parsed: ParsedEvent): Promise<IngestOutcome> {
    this.stats.unknownDevices++;
    if (!this.unregistered) return { status: 'unregistered' };
    const { event } = parsed;
    const best = parsed.type === 'up' ? frameOf(parsed.event).receptions[0] : undefined;
    const joinEui = parsed.type === 'log' && parsed.event.context?.join_eui ? normaliseEui(parsed.event.context.join_eui) : undefined;
    const heardBy = await unregisteredScope(this.unregistered, scope, event.deviceInfo.applicationId);
    // A suspended company's list of heard devices does not grow either.
    const refused = heardBy === INSTALLATION_SCOPE ? undefined : await this.refused(heardBy);
    if (refused) return refused;
    await this.unregistered.record(heardBy, {
      devEui: event.deviceInfo.devEui.toUpperCase(),
      joinEui: joinEui ?? null,
      deviceName: event.deviceInfo.deviceName || null,
      applicationId: event.deviceInfo.applicationId || null,
      event: parsed.type,
      eventKey: eventKey(parsed.type, event),
      rssi: best?.rssi ?? null,
      snr: best?.snr ?? null,
      gatewayId: best?.gatewayId ?? null,
      at: this.timeOf(event),
    });
    return { status: 'unregistered' };
  }

  private async notifyCompany(device: IngestDevice, notification: Parameters<NotificationsRepository['notify']>[1]): Promise<void> {
    if (!this.notifications) return;
    const members = await this.notifications.companyMemberIds(device.company_id);
    await this.notifications.notify(members, { ...notification, companyId: device.company_id }, this.now().toISOString());
  }

  /** Battery low: one notification per occurrence; a recovered battery re-arms it. */
  private async notifyBattery(device: IngestDevice, power: NonNullable<DeviceChanges['power']>): Promise<void> {
    const key = `battery-low:${device.id}`;
    if (power.source === 'battery' && isBatteryLow(power.batteryLevel)) {
      await this.notifyCompany(device, {
        kind: 'battery_low',
        params: { name: device.name || device.dev_eui, level: power.batteryLevel ?? 0 },
        dedupeKey: key,
      });
    } else if (power.source !== 'unknown') {
      await this.notifications?.clearDedupe(key);
    }
  }

  /**
   * Repeated join, MIC or frame-counter rejections within an hour: the device is cut off. At most
   * one notification per device and day, however long it keeps failing.
   */
  private async notifyJoinFailures(device: IngestDevice, event: LogEvent, at: string): Promise<void> {
    const code = event.code ?? '';
    if (!this.notifications || !(JOIN_FAILURE_CODES as readonly string[]).includes(code)) return;
    const since = new Date(Date.parse(at) - JOIN_FAILURE_WINDOW_MS).toISOString();
    const count = await this.telemetry.countLogs(device.id, JOIN_FAILURE_CODES, since);
    if (count < JOIN_FAILURES_TO_NOTIFY) return;
    await this.notifyCompany(device, {
      kind: 'device_cannot_join',
      params: { name: device.name || device.dev_eui, count, reason: event.description ?? '', code },
      dedupeKey: `device-cannot-join:${device.id}:${at.slice(0, 10)}`,
    });
  }
}

async function unregisteredScope(repository: UnregisteredDevicesRepository, scope: IngestScope, applicationId: string | undefined): Promise<string> {
  if (typeof scope === 'object' && 'companyId' in scope) return scope.companyId;
  const ofApplication = () => (applicationId ? repository.companyOfApplication(applicationId) : undefined);
  if (scope === 'network-server') return (await ofApplication()) ?? INSTALLATION_SCOPE;
  const companies = await repository.memberCompanies(scope.userId);
  // A user of one company needs no look-up: the application could only name that company or none it may see.
  if (companies.length <= 1) return companies[0] ?? INSTALLATION_SCOPE;
  const company = await ofApplication();
  return company && companies.includes(company) ? company : INSTALLATION_SCOPE;
}
