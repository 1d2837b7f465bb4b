import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { DeviceEventsTable, PowerSource } from '../db/schema.js';
import type { TopicReading } from '../dataplane/ingest/flatten.js';
import { memberCompanyIds } from './scope.js';

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

/** Weight of the newest gap in the interval's moving average. */
const INTERVAL_WEIGHT = 0.25;

/** The device's usual uplink interval after one more uplink at `at` (seconds, or null). */
export function nextInterval(device: Pick<IngestDevice, 'last_seen' | 'uplink_interval_s'>, at: string): number | null {
  if (!device.last_seen) return device.uplink_interval_s;
  const gap = (new Date(at).getTime() - new Date(device.last_seen).getTime()) / 1000;
  if (gap <= 0) return device.uplink_interval_s;
  const previous = device.uplink_interval_s;
  return Math.round(previous === null ? gap : previous + INTERVAL_WEIGHT * (gap - previous));
}

/** Who delivers data: a user's API key (its companies' devices) or the operator's network server. */
export type IngestScope = { userId: string } | 'network-server';

export interface DeviceEvent {
  type: DeviceEventsTable['type'];
  summary: string;
  payload?: unknown;
}

type Transaction = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** Moves last seen forward only: a late, older message never sets it back. */
function markSeen(trx: Transaction, deviceId: string, at: string, interval?: number | null) {
  return trx
    .updateTable('devices')
    .set(interval === undefined ? { last_seen: at } : { last_seen: at, uplink_interval_s: interval })
    .where('id', '=', deviceId)
    .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', at)]))
    .execute();
}

/** Writes of the data plane: readings, status and events of devices, each in one transaction. */
export function telemetryRepository(db: Db) {
  return {
    /**
     * The device with this DevEUI, with its profile's codec: among the companies of the user an
     * HTTP integration authenticates as, or any device for the operator's own network server.
     */
    async findDevice(scope: IngestScope, devEui: string): Promise<IngestDevice | undefined> {
      let query = db
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
        .where('devices.dev_eui', '=', devEui.toUpperCase());
      if (scope !== 'network-server') query = query.where('devices.company_id', 'in', memberCompanyIds(db, scope.userId));
      return query.executeTakeFirst();
    },

    /** Stores an uplink: last seen, each topic's latest value, the time series and the event. */
    async recordUplink(device: IngestDevice, at: string, readings: readonly TopicReading[], event: DeviceEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await markSeen(trx, device.id, at, nextInterval(device, at));
        if (readings.length > 0) {
          const values = readings.map((r) => ({ device_id: device.id, topic: r.topic, last_value: JSON.stringify(r.value), last_timestamp: at }));
          await trx
            .insertInto('device_topics')
            .values(values)
            .onConflict((oc) =>
              oc
                .columns(['device_id', 'topic'])
                .doUpdateSet((eb) => ({ last_value: eb.ref('excluded.last_value'), last_timestamp: eb.ref('excluded.last_timestamp') }))
                // A late, older message must not overwrite a newer value.
                .where('device_topics.last_timestamp', '<=', (eb) => eb.ref('excluded.last_timestamp')),
            )
            .execute();
          await trx
            .insertInto('topic_samples')
            .values(readings.map((r) => ({ device_id: device.id, topic: r.topic, ts: at, value: JSON.stringify(r.value) })))
            .execute();
        }
        await trx.insertInto('device_events').values(eventRow(device, at, event)).execute();
      });
    },

    async recordStatus(device: IngestDevice, at: string, power: { source: PowerSource; batteryLevel: number | null }, event: DeviceEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('devices')
          .set({ power_source: power.source, battery_level: power.batteryLevel })
          .where('id', '=', device.id)
          .execute();
        await markSeen(trx, device.id, at);
        await trx.insertInto('device_events').values(eventRow(device, at, event)).execute();
      });
    },

    async recordEvent(device: IngestDevice, at: string, event: DeviceEvent, seen: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (seen) {
          await markSeen(trx, device.id, at);
        }
        await trx.insertInto('device_events').values(eventRow(device, at, event)).execute();
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
