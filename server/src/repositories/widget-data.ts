import type { Db } from '../db/database.js';

export const MAX_SERIES_POINTS = 2000;
const MAX_TABLE_ROWS = 500;

const decode = (text: string): unknown => JSON.parse(text) as unknown;

/** Reads the data widgets show: latest values, time series, tables of latest values. */
export function widgetDataRepository(db: Db) {
  return {
    async latest(deviceId: string, topic: string): Promise<{ value: unknown; timestamp: string } | undefined> {
      const row = await db.selectFrom('device_topics').select(['last_value', 'last_timestamp']).where('device_id', '=', deviceId).where('topic', '=', topic).executeTakeFirst();
      return row ? { value: decode(row.last_value), timestamp: row.last_timestamp } : undefined;
    },

    /** The newest MAX_SERIES_POINTS samples in the range, oldest first. */
    async series(deviceId: string, topic: string, from: string, to: string): Promise<{ ts: string; value: unknown }[]> {
      const rows = await db
        .selectFrom('topic_samples')
        .select(['ts', 'value'])
        .where('device_id', '=', deviceId)
        .where('topic', '=', topic)
        .where('ts', '>=', from)
        .where('ts', '<=', to)
        .orderBy('ts', 'desc')
        .limit(MAX_SERIES_POINTS)
        .execute();
      return rows.reverse().map((row) => ({ ts: row.ts, value: decode(row.value) }));
    },

    async table(scope: { deviceId?: string | null; unitId?: string | null }, topic: string | null) {
      let query = db
        .selectFrom('device_topics')
        .innerJoin('devices', 'devices.id', 'device_topics.device_id')
        .select(['devices.id as device_id', 'devices.name as device_name', 'devices.dev_eui', 'device_topics.topic', 'device_topics.last_value', 'device_topics.last_timestamp']);
      if (scope.deviceId) query = query.where('devices.id', '=', scope.deviceId);
      else if (scope.unitId) query = query.where('devices.unit_id', '=', scope.unitId);
      else return [];
      if (topic) query = query.where('device_topics.topic', '=', topic);
      const rows = await query.orderBy('devices.name').orderBy('device_topics.topic').limit(MAX_TABLE_ROWS).execute();
      return rows.map((row) => ({
        device_id: row.device_id,
        device_name: row.device_name || row.dev_eui,
        topic: row.topic,
        value: decode(row.last_value),
        timestamp: row.last_timestamp,
      }));
    },
  };
}
