import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { FrameReceptionsTable, FramesTable } from '../db/schema.js';
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
  };
}

export type FramesRepository = ReturnType<typeof framesRepository>;
