import { sql } from 'kysely';
import { dialectOf, type Db } from '../db/database.js';
import { containsText } from './text-match.js';
import type { WidgetTableRow } from '../schemas/widgets.js';

/** A chart needs no more points than it has pixels; longer ranges are thinned out in SQL. */
export const MAX_SERIES_POINTS = 2000;
export const MAX_TABLE_ROWS = 500;

/** The devices a TABLE widget shows: one device, a unit's devices, or the company's devices matching a text. */
export type TableScope = { deviceId: string } | { unitId: string } | { search: string | null };

// Stored values are JSON text (numbers, strings, booleans, objects as the codec decoded them).
const decode = (text: string): unknown => JSON.parse(text) as unknown;

/**
 * The rows of a TABLE widget: each device's latest value of each topic (or of its one topic),
 * sorted by the name the table shows (a device without a name is listed under its DevEUI), then
 * device and topic, so that pages of it follow one another (data-export.ts).
 */
export function tableRows(db: Db, companyId: string, scope: TableScope, topic: string | null) {
  let query = db
    .selectFrom('device_topics')
    .innerJoin('devices', 'devices.id', 'device_topics.device_id')
    .select([
      'devices.id as device_id',
      'devices.name as device_name',
      'devices.dev_eui',
      'device_topics.topic',
      'device_topics.last_value',
      'device_topics.last_timestamp',
    ])
    .where('devices.company_id', '=', companyId);
  if ('deviceId' in scope) query = query.where('devices.id', '=', scope.deviceId);
  else if ('unitId' in scope) query = query.where('devices.unit_id', '=', scope.unitId);
  else {
    const search = scope.search?.trim();
    if (search) {
      const dialect = dialectOf(db);
      query = query.where((eb) => eb.or([containsText('devices.name', search, dialect), containsText('devices.dev_eui', search, dialect)]));
    }
  }
  if (topic) query = query.where('device_topics.topic', '=', topic);
  return query
    .orderBy(sql`coalesce(nullif(devices.name, ''), devices.dev_eui)`)
    .orderBy('devices.id')
    .orderBy('device_topics.topic');
}

/**
 * Reads what widgets show: latest values, time series, tables of latest values. Every read is
 * limited to the devices of the widget's company, whatever ids the widget holds.
 */
export function widgetDataRepository(db: Db) {
  const companyDevice = (companyId: string, deviceId: string) =>
    db.selectFrom('devices').select('devices.id').where('id', '=', deviceId).where('company_id', '=', companyId);

  return {
    async latest(companyId: string, deviceId: string, topic: string): Promise<{ value: unknown; timestamp: string } | undefined> {
      const row = await db
        .selectFrom('device_topics')
        .select(['last_value', 'last_timestamp'])
        .where('device_id', 'in', companyDevice(companyId, deviceId))
        .where('topic', '=', topic)
        .executeTakeFirst();
      return row ? { value: decode(row.last_value), timestamp: row.last_timestamp } : undefined;
    },

    /**
     * The samples in [from, to], oldest first. Past MAX_SERIES_POINTS every n-th sample is kept
     * (counted back from the newest, which is always included), so the whole range stays visible.
     * Decimation rather than averaging: values may be text or booleans, not only numbers.
     */
    async series(companyId: string, deviceId: string, topic: string, from: string, to: string): Promise<{ ts: string; value: unknown }[]> {
      const range = db
        .selectFrom('topic_samples')
        .where('device_id', 'in', companyDevice(companyId, deviceId))
        .where('topic', '=', topic)
        .where('ts', '>=', from)
        .where('ts', '<=', to);
      const counted = await range.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const step = Math.ceil(Number(counted?.n ?? 0) / MAX_SERIES_POINTS);
      if (step === 0) return [];
      const numbered = range.select(['ts', 'value', sql<number>`row_number() over (order by ts desc)`.as('rn')]).as('numbered');
      const rows = await db
        .selectFrom(numbered)
        .select(['numbered.ts', 'numbered.value'])
        .where(sql<number>`(numbered.rn - 1) % ${step}`, '=', 0)
        .orderBy('numbered.ts', 'desc')
        // Samples arriving between the count and this read must not push the answer past the cap.
        .limit(MAX_SERIES_POINTS)
        .execute();
      return rows.reverse().map((row) => ({ ts: row.ts, value: decode(row.value) }));
    },

    async table(companyId: string, scope: TableScope, topic: string | null): Promise<WidgetTableRow[]> {
      const rows = await tableRows(db, companyId, scope, topic).limit(MAX_TABLE_ROWS).execute();
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

export type WidgetDataRepository = ReturnType<typeof widgetDataRepository>;
