import { CompiledQuery } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DeviceEventsTable, DeviceTopicsTable, FrameReceptionsTable, FramesTable, TopicSamplesTable } from '../db/schema.js';
import { repeated, textsPerCount } from '../db/texts-per-count.js';

type Value = string | number | null;

/**
 * A multi-row insert into one table, its text built once per dialect and row count, its
 * parameters taken from each row in column order. Every uplink batch runs five of these: Kysely's
 * builder (parsing each row object into a query tree, then compiling it) cost about as much main
 * thread time as SQLite's execution of them (bench/RESULTS.md, #23).
 */
function rowsInsert<Row extends { [K in Column]: Value }, Column extends keyof Row & string>(
  dialect: Dialect,
  table: string,
  columns: readonly Column[],
  tail = '',
): (rows: readonly Row[]) => CompiledQuery<Pick<Row, Column>> {
  const names = columns.map((column) => `"${column}"`).join(', ');
  const textOf = textsPerCount(
    dialect,
    (rows, placeholder) => `insert into "${table}" (${names}) values ${repeated(rows, () => `(${columns.map(placeholder).join(', ')})`)}${tail}`,
  );
  return (rows) => {
    const parameters: Value[] = [];
    for (const row of rows) for (const column of columns) parameters.push(row[column]);
    return CompiledQuery.raw(textOf(rows.length), parameters);
  };
}

/** The inserts of an uplink batch's rows (uplink-writer.ts), in the columns uplink-rows.ts fills. */
export function uplinkStatements(dialect: Dialect) {
  return {
    /** Skips an event whose key the device already has; returns the ids of the rows that went in. */
    events: rowsInsert<DeviceEventsTable, keyof DeviceEventsTable>(
      dialect,
      'device_events',
      ['id', 'company_id', 'device_id', 'type', 'summary', 'payload', 'created_at', 'dedupe_key', 'level', 'code'],
      ' on conflict ("device_id", "created_at", "dedupe_key") do nothing returning "id"',
    ),
    /** The latest value of each topic; a late, older message never sets one back. */
    topics: rowsInsert<DeviceTopicsTable, keyof DeviceTopicsTable>(
      dialect,
      'device_topics',
      ['device_id', 'topic', 'last_value', 'last_timestamp', 'decoded_by'],
      ' on conflict ("device_id", "topic") do update set "last_value" = excluded."last_value", "last_timestamp" = excluded."last_timestamp", ' +
        '"decoded_by" = excluded."decoded_by" where "device_topics"."last_timestamp" <= excluded."last_timestamp"',
    ),
    samples: rowsInsert<TopicSamplesTable, keyof TopicSamplesTable>(dialect, 'topic_samples', ['device_id', 'topic', 'ts', 'value']),
    frames: rowsInsert<FramesTable, keyof FramesTable>(dialect, 'frames', [
      'device_id',
      'received_at',
      'id',
      'f_cnt',
      'f_port',
      'dr',
      'modulation',
      'spreading_factor',
      'bandwidth',
      'frequency',
      'adr',
      'confirmed',
      'dev_addr',
      'rssi',
      'snr',
      'receptions',
    ]),
    receptions: rowsInsert<FrameReceptionsTable, keyof FrameReceptionsTable>(dialect, 'frame_receptions', [
      'gateway_id',
      'received_at',
      'frame_id',
      'device_id',
      'rssi',
      'snr',
      'channel',
    ]),
  };
}

export type UplinkStatements = ReturnType<typeof uplinkStatements>;
