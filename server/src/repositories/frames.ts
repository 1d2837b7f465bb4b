import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { FrameReceptionsTable, FramesTable } from '../db/schema.js';
import type { HeardDevice } from '../schemas/device-history.js';
import type { Frame, FrameReception, GatewayFrame } from '../schemas/frames.js';
import { listPage, type PageWindow } from './list-page.js';
import { memberCompanyIds } from './member-companies.js';

const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));
const flag = (value: number | null): boolean | null => (value === null ? null : value === 1);

/** A frame row as the API shows it; PostgreSQL returns its bigint columns as text. */
const toFrameFields = (row: Omit<Selectable<FramesTable>, 'receptions'>): Omit<Frame, 'receptions'> => ({
  id: row.id,
  device_id: row.device_id,
  received_at: row.received_at,
  f_cnt: orNull(row.f_cnt),
  f_port: row.f_port,
  dr: row.dr,
  modulation: row.modulation as Frame['modulation'],
  spreading_factor: row.spreading_factor,
  bandwidth: row.bandwidth,
  frequency: orNull(row.frequency),
  adr: flag(row.adr),
  confirmed: flag(row.confirmed),
  dev_addr: row.dev_addr,
  rssi: row.rssi,
  snr: row.snr,
});

const toFrame = (row: Selectable<FramesTable>): Frame => ({ ...toFrameFields(row), receptions: JSON.parse(row.receptions) as FrameReception[] });

/**
 * How many of a gateway's newest receptions "the devices it heard recently" looks at: a gateway in a
 * dense fleet hears thousands of frames an hour, and the answer must not read a week of them.
 */
export const MAX_RECEPTIONS_SCANNED = 20_000;

const toReception = (row: Pick<FrameReceptionsTable, 'gateway_id' | 'rssi' | 'snr' | 'channel'>): FrameReception => ({
  gateway_id: row.gateway_id,
  rssi: row.rssi,
  snr: row.snr,
  channel: row.channel,
});

/** Reads of the radio metadata of uplinks (written by the uplink writer). */
export function framesRepository(db: Db) {
  return {
    /** A device's frames, newest first, each with its receptions (strongest first). */
    async ofDevice(deviceId: string, window: PageWindow): Promise<{ count: number; results: Frame[] }> {
      return listPage(
        db.selectFrom('frames').where('device_id', '=', deviceId),
        window,
        (query) => query.selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc'),
        toFrame,
      );
    },

    /** The newest uplinks a gateway registered here (by EUI) received, of devices of the user's companies. */
    async ofGateway(userId: string, gatewayEui: string, limit: number): Promise<GatewayFrame[]> {
      const rows = await db
        .selectFrom('frame_receptions as r')
        .innerJoin('frames', (join) =>
          join.onRef('frames.device_id', '=', 'r.device_id').onRef('frames.received_at', '=', 'r.received_at').onRef('frames.id', '=', 'r.frame_id'),
        )
        .innerJoin('devices', 'devices.id', 'r.device_id')
        .select([
          'frames.id',
          'frames.device_id',
          'frames.received_at',
          'frames.f_cnt',
          'frames.f_port',
          'frames.dr',
          'frames.modulation',
          'frames.spreading_factor',
          'frames.bandwidth',
          'frames.frequency',
          'frames.adr',
          'frames.confirmed',
          'frames.dev_addr',
          'frames.rssi',
          'frames.snr',
          'r.gateway_id as r_gateway_id',
          'r.rssi as r_rssi',
          'r.snr as r_snr',
          'r.channel as r_channel',
          'devices.dev_eui',
          'devices.name as device_name',
        ])
        .where('r.gateway_id', '=', gatewayEui)
        .where('devices.company_id', 'in', memberCompanyIds(db, userId))
        .orderBy('r.received_at', 'desc')
        .orderBy('r.frame_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...toFrameFields(row),
        dev_eui: row.dev_eui,
        device_name: row.device_name,
        reception: toReception({ gateway_id: row.r_gateway_id, rssi: row.r_rssi, snr: row.r_snr, channel: row.r_channel }),
      }));
    },

    /**
     * The devices of the user's companies a gateway heard since `since` (within its newest
     * MAX_RECEPTIONS_SCANNED receptions): the last reception, the best, and how many, the most
     * recently heard first. One range of frame_receptions' key, read newest first.
     */
    async heardBy(userId: string, gatewayEui: string, since: string, limit: number): Promise<HeardDevice[]> {
      const rows = await db
        .with('recent', (q) =>
          q
            .selectFrom('frame_receptions')
            .select(['device_id', 'received_at', 'frame_id', 'rssi', 'snr'])
            .where('gateway_id', '=', gatewayEui)
            .where('received_at', '>=', since)
            .orderBy('received_at', 'desc')
            .orderBy('frame_id', 'desc')
            .limit(MAX_RECEPTIONS_SCANNED),
        )
        .with('ranked', (q) =>
          q.selectFrom('recent').select((eb) => [
            'recent.device_id',
            'recent.received_at',
            'recent.rssi',
            'recent.snr',
            sql<number>`row_number() over (partition by recent.device_id order by recent.received_at desc, recent.frame_id desc)`.as('rn'),
            eb.fn
              .max<number | null>('recent.rssi')
              .over((ob) => ob.partitionBy('recent.device_id'))
              .as('best_rssi'),
            eb.fn
              .max<number | null>('recent.snr')
              .over((ob) => ob.partitionBy('recent.device_id'))
              .as('best_snr'),
            eb.fn
              .countAll<number | string>()
              .over((ob) => ob.partitionBy('recent.device_id'))
              .as('frames'),
          ]),
        )
        .selectFrom('ranked')
        .innerJoin('devices', 'devices.id', 'ranked.device_id')
        .select([
          'ranked.device_id',
          'ranked.received_at',
          'ranked.rssi',
          'ranked.snr',
          'ranked.best_rssi',
          'ranked.best_snr',
          'ranked.frames',
          'devices.dev_eui',
          'devices.name',
        ])
        .where('ranked.rn', '=', 1)
        .where('devices.company_id', 'in', memberCompanyIds(db, userId))
        .orderBy('ranked.received_at', 'desc')
        .orderBy('ranked.device_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        device_id: row.device_id,
        dev_eui: row.dev_eui,
        device_name: row.name,
        last_heard: row.received_at,
        last_rssi: row.rssi,
        last_snr: row.snr,
        best_rssi: row.best_rssi,
        best_snr: row.best_snr,
        frames: Number(row.frames),
      }));
    },
  };
}

export type FramesRepository = ReturnType<typeof framesRepository>;
