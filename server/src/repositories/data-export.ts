import type { Db } from '../db/database.js';
import { tableRows, type TableScope } from './widget-data.js';

/** One stored sample of a topic, its value as the stored JSON text. */
export interface SampleRow {
  topic: string;
  ts: string;
  value: string;
}

export interface TableExportRow {
  device_name: string;
  dev_eui: string;
  topic: string;
  value: string;
  timestamp: string;
}

/**
 * Reads for the CSV exports, a page at a time: an export holds as many rows as it has, and the
 * server keeps one page of them in memory.
 */
export function dataExportRepository(db: Db) {
  return {
    /**
     * A device's samples in [from, to], by topic then time: one topic after another (the topics
     * with samples in the range, in their order), each read along the series index by time. Each
     * page goes on from the last time read; samples sharing that instant are skipped by their
     * count, so a page boundary between two samples of the same instant loses neither.
     */
    async *samples(deviceId: string, range: { from: string; to: string; topic?: string | undefined }, batch = 1000): AsyncGenerator<SampleRow[]> {
      const upTo = db.selectFrom('topic_samples').where('device_id', '=', deviceId).where('ts', '<=', range.to);
      const topics =
        range.topic !== undefined
          ? [range.topic]
          : (await upTo.where('ts', '>=', range.from).select('topic').distinct().orderBy('topic').execute()).map((row) => row.topic);
      for (const topic of topics) {
        let after: { ts: string; seen: number } | undefined;
        for (;;) {
          const rows = await upTo
            .select(['topic', 'ts', 'value'])
            .where('topic', '=', topic)
            .where('ts', '>=', after?.ts ?? range.from)
            .orderBy('ts')
            .limit(batch)
            .offset(after?.seen ?? 0)
            .execute();
          if (rows.length > 0) yield rows;
          if (rows.length < batch) break;
          const last = (rows[rows.length - 1] as SampleRow).ts;
          const same = rows.filter((row) => row.ts === last).length;
          after = after && after.ts === last ? { ts: last, seen: after.seen + same } : { ts: last, seen: same };
        }
      }
    },

    /** Every row a table widget shows (not only the first MAX_TABLE_ROWS), in the widget's order. */
    async *table(companyId: string, scope: TableScope, topic: string | null, batch = 1000): AsyncGenerator<TableExportRow[]> {
      for (let offset = 0; ; offset += batch) {
        const rows = await tableRows(db, companyId, scope, topic).limit(batch).offset(offset).execute();
        if (rows.length > 0)
          yield rows.map((row) => ({
            device_name: row.device_name || row.dev_eui,
            dev_eui: row.dev_eui,
            topic: row.topic,
            value: row.last_value,
            timestamp: row.last_timestamp,
          }));
        if (rows.length < batch) return;
      }
    },
  };
}

export type DataExportRepository = ReturnType<typeof dataExportRepository>;
