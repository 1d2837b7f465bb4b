import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DownlinksTable } from '../db/schema.js';
import { DOWNLINK_EVENT_FROM, DOWNLINK_LIST_LIMIT } from '../domain/downlink.js';
import type { DownlinkErrorCode } from '../schemas/messages.js';
import type { Downlink } from '../schemas/downlinks.js';
import { timeOrderedId } from './time-ordered-id.js';
import { appendAudit } from './audited.js';

type DownlinkRow = Selectable<DownlinksTable>;

export interface NewDownlink {
  companyId: string;
  deviceId: string;
  fPort: number;
  confirmed: boolean;
  dataHex: string;
}

/** What a network-server event says about one of the device's downlinks, named by its queue item id. */
export interface DownlinkEventChange {
  queueItemId: string;
  state: keyof typeof DOWNLINK_EVENT_FROM;
  fCntDown?: number | undefined;
  errorCode?: DownlinkErrorCode | undefined;
  errorMessage?: string | undefined;
}

const MESSAGE_MAX = 500;

export const toDownlink = (row: DownlinkRow): Downlink => ({
  id: row.id,
  f_port: row.f_port,
  confirmed: row.confirmed === 1,
  data_hex: row.data_hex,
  state: row.state,
  queue_item_id: row.queue_item_id,
  f_cnt_down: row.f_cnt_down === null ? null : Number(row.f_cnt_down),
  error_code: row.error_code as DownlinkErrorCode | null,
  error_message: row.error_message,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * Moves the device's downlink the event names, if it is in a state the event moves it from (an
 * unknown queue item, or a downlink already past that state, changes nothing). Runs in the event's
 * own transaction, so it happens exactly when the event is stored: once.
 */
export async function applyDownlinkEvent(db: Db, deviceId: string, change: DownlinkEventChange, at: string): Promise<void> {
  await db
    .updateTable('downlinks')
    .set({
      state: change.state,
      updated_at: at,
      ...(change.fCntDown === undefined ? {} : { f_cnt_down: change.fCntDown }),
      ...(change.errorCode === undefined ? {} : { error_code: change.errorCode, error_message: (change.errorMessage ?? '').slice(0, MESSAGE_MAX) }),
    })
    .where('device_id', '=', deviceId)
    .where('queue_item_id', '=', change.queueItemId)
    .where('state', 'in', DOWNLINK_EVENT_FROM[change.state])
    .execute();
}

/** Downlinks sent from here and where each stands (migration 0013); their outbox changes are network-outbox.ts's. */
export function downlinksRepository(db: Db) {
  /** Moves a pending downlink on; false when it is no longer pending (cancelled meanwhile, or pushed by an earlier attempt). */
  const settle = async (id: string, set: Updateable<DownlinksTable>, at: string): Promise<boolean> => {
    const result = await db
      .updateTable('downlinks')
      .set({ ...set, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  return {
    /** Records a downlink as pending; its outbox change is recorded beside it, in the same transaction. */
    async create(input: NewDownlink, at: string): Promise<Downlink> {
      const row = await db
        .insertInto('downlinks')
        .values({
          id: timeOrderedId(Date.parse(at)),
          company_id: input.companyId,
          device_id: input.deviceId,
          f_port: input.fPort,
          confirmed: input.confirmed ? 1 : 0,
          data_hex: input.dataHex,
          state: 'pending',
          queue_item_id: null,
          f_cnt_down: null,
          error_code: null,
          error_message: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await appendAudit(db, {
        companyIds: [input.companyId],
        action: 'downlink',
        resource: 'device',
        resourceId: input.deviceId,
        changes: { downlink_id: row.id, f_port: input.fPort, confirmed: input.confirmed, data_hex: input.dataHex },
      });
      return toDownlink(row);
    },

    async find(id: string): Promise<DownlinkRow | undefined> {
      return db.selectFrom('downlinks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The device's most recent downlinks, newest first. */
    async list(deviceId: string, limit = DOWNLINK_LIST_LIMIT): Promise<Downlink[]> {
      const rows = await db
        .selectFrom('downlinks')
        .selectAll()
        .where('device_id', '=', deviceId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toDownlink);
    },

    /** Accepted by the network server under its queue item id. */
    markQueued: (id: string, queueItemId: string, at: string) =>
      settle(id, { state: 'queued', queue_item_id: queueItemId, error_code: null, error_message: null }, at),

    /** Refused for good. */
    markFailed: (id: string, code: DownlinkErrorCode, message: string, at: string) =>
      settle(id, { state: 'failed', error_code: code, error_message: message.slice(0, MESSAGE_MAX) }, at),

    /** Still pending: why the last attempt did not reach the network server (it is tried again). */
    noteRetry: (id: string, code: DownlinkErrorCode, message: string, at: string) =>
      settle(id, { error_code: code, error_message: message.slice(0, MESSAGE_MAX) }, at),

    /** The flush of a device's queue asked for (its entry in the company's audit log), with the pending downlinks it cancels. */
    async flush(device: { id: string; company_id: string }, pendingIds: readonly string[], at: string): Promise<void> {
      await appendAudit(db, {
        companyIds: [device.company_id],
        action: 'flush_downlinks',
        resource: 'device',
        resourceId: device.id,
        changes: { cancelled: pendingIds.length },
      });
      if (pendingIds.length === 0) return;
      await db.updateTable('downlinks').set({ state: 'cancelled', updated_at: at }).where('id', 'in', pendingIds).where('state', '=', 'pending').execute();
    },

    /** Pending downlinks flushed before they were pushed: cancelled here (their outbox changes go with them). */
    async cancelPending(ids: readonly string[], at: string): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('downlinks').set({ state: 'cancelled', updated_at: at }).where('id', 'in', ids).where('state', '=', 'pending').execute();
    },

    /** The device's queue was flushed in the network server: what waited there was removed. */
    async cancelQueued(deviceId: string, at: string): Promise<void> {
      await db.updateTable('downlinks').set({ state: 'cancelled', updated_at: at }).where('device_id', '=', deviceId).where('state', '=', 'queued').execute();
    },
  };
}

export type DownlinksRepository = ReturnType<typeof downlinksRepository>;
