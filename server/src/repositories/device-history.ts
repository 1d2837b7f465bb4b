import type { Db, Dialect } from '../db/database.js';
import { powerOf } from '../domain/power.js';
import type { BatteryReading, DeviceEventItem, SeriesPoint } from '../schemas/device-history.js';
import type { StatusEvent } from '../schemas/ingest.js';
import { listPage, type PageWindow } from './list-page.js';
import { containsText } from './text-match.js';

export interface DeviceEventFilters {
  type?: DeviceEventItem['type'] | undefined;
  level?: string | undefined;
  /** Text the summary or the payload contains (case-insensitive). */
  text?: string | undefined;
  /** The period, ISO strings as stored: from ≤ created_at ≤ to. */
  from: string;
  to: string;
}

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * Reads of a device's history for its page (issue #14). Callers pass a device the user may see;
 * every read walks one device's index range, newest first, and stops at its limit.
 */
export function deviceHistoryRepository(db: Db, dialect: Dialect) {
  /**
   * A device's events of one type. For a type other than uplinks the query also says `type <> 'up'`:
   * true already, but it is the condition of the partial index device_events_type_idx (migration
   * 0014), and the planners use a partial index only when the query states its condition.
   */
  const ofType = (deviceId: string, type: DeviceEventItem['type']) => {
    const events = db.selectFrom('device_events').where('device_id', '=', deviceId).where('type', '=', type);
    return type === 'up' ? events : events.where('type', '<>', 'up');
  };

  return {
    /**
     * The device's events of one period, newest first; a level filter reads log events only. The
     * period is a range of the device's index (of its type's, with a type), so a search reads that
     * period's events and no others: the text is matched on those rows, not through an index.
     */
    async events(deviceId: string, filters: DeviceEventFilters, window: PageWindow): Promise<{ count: number; results: DeviceEventItem[] }> {
      const type = filters.level ? 'log' : filters.type;
      let filtered = (type ? ofType(deviceId, type) : db.selectFrom('device_events').where('device_id', '=', deviceId))
        .where('created_at', '>=', filters.from)
        .where('created_at', '<=', filters.to);
      if (filters.level) filtered = filtered.where('level', '=', filters.level);
      const { text } = filters;
      if (text) filtered = filtered.where((eb) => eb.or([containsText('summary', text, dialect), containsText('payload', text, dialect)]));
      return listPage(
        filtered,
        window,
        (query) => query.select(['id', 'type', 'created_at', 'level', 'code', 'payload', 'summary']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
        (row) => ({ ...row, payload: parse(row.payload) }),
      );
    },

    /** The topic's newest `limit` samples, oldest first; values that are not numbers are left out. */
    async topicSeries(deviceId: string, topic: string, limit: number): Promise<SeriesPoint[]> {
      const rows = await db
        .selectFrom('topic_samples')
        .select(['ts', 'value'])
        .where('device_id', '=', deviceId)
        .where('topic', '=', topic)
        .orderBy('ts', 'desc')
        .limit(limit)
        .execute();
      const points: SeriesPoint[] = [];
      for (const row of rows.reverse()) {
        const value = parse(row.value);
        if (typeof value === 'number' && Number.isFinite(value)) points.push({ ts: row.ts, value });
      }
      return points;
    },

    /** The device's newest `limit` status reports as power readings, oldest first. */
    async battery(deviceId: string, limit: number): Promise<BatteryReading[]> {
      const rows = await ofType(deviceId, 'status').select(['created_at', 'payload']).orderBy('created_at', 'desc').limit(limit).execute();
      return rows.reverse().map((row) => {
        const power = powerOf((parse(row.payload) ?? {}) as StatusEvent);
        return { at: row.created_at, source: power.source, battery_level: power.batteryLevel };
      });
    },
  };
}

export type DeviceHistoryRepository = ReturnType<typeof deviceHistoryRepository>;
