import { randomUUID } from 'node:crypto';
import type { Db, Dialect } from '../db/database.js';
import type { DeviceEventsTable } from '../db/schema.js';
import type { Decoder } from '../domain/decoders.js';
import type { PowerSource } from '../domain/power.js';
import { applyDownlinkEvent, type DownlinkEventChange } from './downlinks.js';
import { memberCompanyIds } from './member-companies.js';
import { prepare } from '../db/prepared.js';
import { UplinkWriter, type UplinkWrite, type WriteOutcome } from './uplink-writer.js';

export interface IngestDevice {
  id: string;
  company_id: string;
  dev_eui: string;
  name: string;
  codec: string | null;
  /** The profile's choice between ChirpStack's decoding and its codec; null without a profile. */
  decoder_precedence: Decoder | null;
  power_source: PowerSource;
  battery_level: number | null;
  last_seen: string | null;
  uplink_interval_s: number | null;
  /** Where it sits, for the scopes of rules (a unit's group included). */
  unit_id: string | null;
  group_id: string | null;
  profile_id: string | null;
}

/**
 * Who delivers data: a user's API key (its companies' devices), a company's integration key (that
 * company's devices) or the operator's network server (any device).
 */
export type IngestScope = { userId: string } | { companyId: string } | 'network-server';

export interface DeviceEvent {
  type: DeviceEventsTable['type'];
  summary: string;
  payload?: unknown;
  /** What makes it idempotent (eventKey); null: always stored. */
  key: string | null;
  /** A log event's level and code. */
  level?: string | undefined;
  code?: string | undefined;
}

/** What an event changes on its device, written only when the event is new. */
export interface DeviceChanges {
  /** Moves last seen to the event's time (events the device sent; not acks of the network server). */
  seen?: boolean;
  power?: { source: PowerSource; batteryLevel: number | null };
  location?: { latitude: number; longitude: number; altitude: number | null; source: string | null };
  /** Where one of the device's downlinks now stands (ack, txack, a discarded queue item). */
  downlink?: DownlinkEventChange;
}

type Transaction = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** Moves last seen forward only: a late, older message never sets it back. */
function markSeen(trx: Transaction, deviceId: string, at: string) {
  return trx
    .updateTable('devices')
    .set({ last_seen: at })
    .where('id', '=', deviceId)
    .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', at)]))
    .execute();
}

/** Like last seen, a position reported later but measured earlier does not replace a newer one. */
function moveTo(trx: Transaction, deviceId: string, at: string, location: NonNullable<DeviceChanges['location']>) {
  return trx
    .updateTable('devices')
    .set({ latitude: location.latitude, longitude: location.longitude, altitude: location.altitude, location_source: location.source, location_at: at })
    .where('id', '=', deviceId)
    .where((eb) => eb.or([eb('location_at', 'is', null), eb('location_at', '<=', at)]))
    .execute();
}

/** Writes of the data plane: readings, status, position and events of devices, each event once, in one transaction. */
export function telemetryRepository(db: Db, dialect: Dialect) {
  // The two lookups every message makes, compiled once (see prepare).
  const deviceQuery = (devEui: string) =>
    db
      .selectFrom('devices')
      .leftJoin('profiles', 'profiles.id', 'devices.profile_id')
      .leftJoin('units', 'units.id', 'devices.unit_id')
      .select([
        'devices.id',
        'devices.company_id',
        'devices.dev_eui',
        'devices.name',
        'profiles.codec',
        'profiles.decoder_precedence',
        'devices.power_source',
        'devices.battery_level',
        'devices.last_seen',
        'devices.uplink_interval_s',
        'devices.unit_id',
        'units.group_id',
        'devices.profile_id',
      ])
      .where('devices.dev_eui', '=', devEui);
  const anyDevice = prepare<[string], IngestDevice>(db, 1, (devEui) => deviceQuery(devEui));
  const memberDevice = prepare<[string, string], IngestDevice>(db, 2, (devEui, userId) =>
    deviceQuery(devEui).where('devices.company_id', 'in', memberCompanyIds(db, userId)),
  );
  const companyDevice = prepare<[string, string], IngestDevice>(db, 2, (devEui, companyId) => deviceQuery(devEui).where('devices.company_id', '=', companyId));

  const uplinks = new UplinkWriter(db, dialect);

  return {
    /**
     * The device with this DevEUI, with its profile's codec and decoder precedence, within what the scope may deliver.
     */
    async findDevice(scope: IngestScope, devEui: string): Promise<IngestDevice | undefined> {
      const eui = devEui.toUpperCase();
      if (scope === 'network-server') return (await anyDevice(eui))[0];
      return ('companyId' in scope ? await companyDevice(eui, scope.companyId) : await memberDevice(eui, scope.userId))[0];
    },

    /**
     * Stores an uplink (last seen, topics' latest values, time series, event, frame, webhook
     * deliveries) with group commit; `duplicate` when its event was stored before.
     */
    recordUplink(uplink: UplinkWrite): Promise<WriteOutcome> {
      return uplinks.write(uplink);
    },

    /** Stores an event and what it changes on its device in one transaction; false when it was stored before. */
    async recordEvent(device: IngestDevice, at: string, event: DeviceEvent, changes: DeviceChanges = {}): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('device_events')
          .values(eventRow(device, at, event))
          .onConflict((oc) => oc.columns(['device_id', 'created_at', 'dedupe_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!fresh) return false;
        if (changes.power) {
          await trx
            .updateTable('devices')
            .set({ power_source: changes.power.source, battery_level: changes.power.batteryLevel })
            .where('id', '=', device.id)
            .execute();
        }
        if (changes.location) await moveTo(trx, device.id, at, changes.location);
        if (changes.seen) await markSeen(trx, device.id, at);
        if (changes.downlink) await applyDownlinkEvent(trx, device.id, changes.downlink, at);
        return true;
      });
    },

    /** How many log events with one of `codes` the device had since `since`. */
    async countLogs(deviceId: string, codes: readonly string[], since: string): Promise<number> {
      const row = await db
        .selectFrom('device_events')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('device_id', '=', deviceId)
        .where('created_at', '>=', since)
        .where('type', '=', 'log')
        .where('code', 'in', codes)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

function eventRow(device: IngestDevice, at: string, event: DeviceEvent): DeviceEventsTable {
  return {
    id: randomUUID(),
    company_id: device.company_id,
    device_id: device.id,
    type: event.type,
    summary: event.summary.slice(0, 500),
    payload: event.payload === undefined ? null : JSON.stringify(event.payload),
    created_at: at,
    dedupe_key: event.key,
    level: event.level ?? null,
    code: event.code ?? null,
  };
}

export type TelemetryRepository = ReturnType<typeof telemetryRepository>;
