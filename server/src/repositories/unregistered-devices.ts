import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UnregisteredDevicesTable } from '../db/schema.js';
import type { UnregisteredDevice } from '../schemas/network.js';
import { memberCompanyIds } from './member-companies.js';

/** How many DevEUIs each scope keeps: the list is for spotting devices to add, not a log. */
export const UNREGISTERED_PER_SCOPE = 100;

/** The scope of events whose company is not known. */
export const INSTALLATION_SCOPE = '';

export interface HeardDevice {
  devEui: string;
  joinEui: string | null;
  deviceName: string | null;
  applicationId: string | null;
  event: string;
  /** The event's idempotency key: a redelivered event does not count twice in a row. */
  eventKey: string | null;
  rssi: number | null;
  snr: number | null;
  gatewayId: string | null;
  at: string;
}

const toUnregistered = (row: UnregisteredDevicesTable): UnregisteredDevice => ({
  dev_eui: row.dev_eui,
  join_eui: row.join_eui,
  device_name: row.device_name,
  application_id: row.application_id,
  last_event: row.last_event,
  last_rssi: row.last_rssi,
  last_snr: row.last_snr,
  last_gateway_id: row.last_gateway_id,
  count: Number(row.count),
  first_seen: row.first_seen,
  last_seen: row.last_seen,
});

/** Events for DevEUIs no device here has: the "heard but not registered" list (issue #14). */
export function unregisteredDevicesRepository(db: Db) {
  return {
    /** Counts an event of a DevEUI in a scope (a company id or INSTALLATION_SCOPE), keeping the newest of each scope. */
    async record(scope: string, heard: HeardDevice): Promise<void> {
      const kept = <T>(column: 'join_eui' | 'device_name' | 'application_id' | 'last_rssi' | 'last_snr' | 'last_gateway_id') =>
        sql<T>`coalesce(excluded.${sql.ref(column)}, unregistered_devices.${sql.ref(column)})`;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('unregistered_devices')
          .values({
            scope,
            dev_eui: heard.devEui,
            join_eui: heard.joinEui,
            device_name: heard.deviceName,
            application_id: heard.applicationId,
            last_event: heard.event,
            last_event_key: heard.eventKey,
            last_rssi: heard.rssi,
            last_snr: heard.snr,
            last_gateway_id: heard.gatewayId,
            count: 1,
            first_seen: heard.at,
            last_seen: heard.at,
          })
          .onConflict((oc) =>
            oc.columns(['scope', 'dev_eui']).doUpdateSet({
              count: sql<number>`unregistered_devices.count + case when excluded.last_event_key = unregistered_devices.last_event_key then 0 else 1 end`,
              last_event: sql<string>`excluded.last_event`,
              last_event_key: sql<string | null>`excluded.last_event_key`,
              // A late event does not move last seen back.
              last_seen: sql<string>`case when excluded.last_seen > unregistered_devices.last_seen then excluded.last_seen else unregistered_devices.last_seen end`,
              join_eui: kept<string | null>('join_eui'),
              device_name: kept<string | null>('device_name'),
              application_id: kept<string | null>('application_id'),
              last_rssi: kept<number | null>('last_rssi'),
              last_snr: kept<number | null>('last_snr'),
              last_gateway_id: kept<string | null>('last_gateway_id'),
            }),
          )
          .execute();
        await trx
          .deleteFrom('unregistered_devices')
          .where('scope', '=', scope)
          .where('dev_eui', 'not in', (eb) =>
            eb.selectFrom('unregistered_devices').select('dev_eui').where('scope', '=', scope).orderBy('last_seen', 'desc').limit(UNREGISTERED_PER_SCOPE),
          )
          .execute();
      });
    },

    /** A company's list, newest first, without the DevEUIs registered since. */
    async list(companyId: string): Promise<UnregisteredDevice[]> {
      const rows = await db
        .selectFrom('unregistered_devices')
        .selectAll()
        .where('scope', '=', companyId)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('devices').select('devices.id').whereRef('devices.dev_eui', '=', 'unregistered_devices.dev_eui'))),
        )
        .orderBy('last_seen', 'desc')
        .orderBy('dev_eui')
        .execute();
      return rows.map(toUnregistered);
    },

    /** The company whose network-server application this is (provisioned by issue #13), if any. */
    async companyOfApplication(applicationId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('network_sync')
        .select('entity_id')
        .where('kind', '=', 'application')
        .where('remote_id', '=', applicationId)
        .executeTakeFirst();
      return row?.entity_id;
    },

    async memberCompanies(userId: string): Promise<string[]> {
      return (await memberCompanyIds(db, userId).execute()).map((row) => row.company_id);
    },
  };
}

export type UnregisteredDevicesRepository = ReturnType<typeof unregisteredDevicesRepository>;
