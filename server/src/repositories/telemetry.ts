import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { DeviceEventsTable } from '../db/schema.js';
import type { PowerSource } from '../domain/power.js';
import type { TopicReading } from '../domain/topics.js';
import { memberCompanyIds } from './member-companies.js';
import { prepare } from '../db/prepared.js';
import { UplinkWriter } from './uplink-writer.js';

export interface IngestDevice {
  id: string;
  company_id: string;
  dev_eui: string;
  name: string;
  codec: string | null;
  power_source: PowerSource;
  battery_level: number | null;
  last_seen: string | null;
  uplink_interval_s: number | null;
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

/** Writes of the data plane: readings, status and events of devices, each in one transaction. */
export function telemetryRepository(db: Db) {
  // The two lookups every message makes, compiled once (see prepare).
  const deviceQuery = (devEui: string) =>
    db
      .selectFrom('devices')
      .leftJoin('profiles', 'profiles.id', 'devices.profile_id')
      .select([
        'devices.id',
        'devices.company_id',
        'devices.dev_eui',
        'devices.name',
        'profiles.codec',
        'devices.power_source',
        'devices.battery_level',
        'devices.last_seen',
        'devices.uplink_interval_s',
      ])
      .where('devices.dev_eui', '=', devEui);
  const anyDevice = prepare<[string], IngestDevice>(db, 1, (devEui) => deviceQuery(devEui));
  const memberDevice = prepare<[string, string], IngestDevice>(db, 2, (devEui, userId) =>
    deviceQuery(devEui).where('devices.company_id', 'in', memberCompanyIds(db, userId)),
  );
  const companyDevice = prepare<[string, string], IngestDevice>(db, 2, (devEui, companyId) => deviceQuery(devEui).where('devices.company_id', '=', companyId));

  const uplinks = new UplinkWriter(db);

  return {
    /**
     * The device with this DevEUI, with its profile's codec, within what the scope may deliver.
     */
    async findDevice(scope: IngestScope, devEui: string): Promise<IngestDevice | undefined> {
      const eui = devEui.toUpperCase();
      if (scope === 'network-server') return (await anyDevice(eui))[0];
      return ('companyId' in scope ? await companyDevice(eui, scope.companyId) : await memberDevice(eui, scope.userId))[0];
    },

    /** Stores an uplink (last seen, topics' latest values, time series, event) with group commit. */
    recordUplink(device: IngestDevice, at: string, readings: readonly TopicReading[], event: DeviceEvent): Promise<void> {
      return uplinks.write({ device, at, readings, event: { summary: event.summary, payload: event.payload } });
    },

    async recordStatus(device: IngestDevice, at: string, power: { source: PowerSource; batteryLevel: number | null }, event: DeviceEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('devices').set({ power_source: power.source, battery_level: power.batteryLevel }).where('id', '=', device.id).execute();
        await markSeen(trx, device.id, at);
        await trx
          .insertInto('device_events')
          .values(eventRow(device, at, event))
          .execute();
      });
    },

    async recordEvent(device: IngestDevice, at: string, event: DeviceEvent, seen: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (seen) {
          await markSeen(trx, device.id, at);
        }
        await trx
          .insertInto('device_events')
          .values(eventRow(device, at, event))
          .execute();
      });
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
  };
}

export type TelemetryRepository = ReturnType<typeof telemetryRepository>;
