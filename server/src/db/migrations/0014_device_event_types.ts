import { sql, type Kysely } from 'kysely';

// The device page reads a device's events of one type (its network-server logs, its status reports
// for the battery history), newest first, and counts them. device_events_device_idx orders a
// device's events by time only, so such a read would visit every uplink of the retention period to
// find the few others. This index holds the events other than uplinks, by device, type and time:
// uplinks, nearly all rows and the ingest's hot path, write nothing more.
// Queries must repeat `type <> 'up'` for SQLite's planner to take a partial index.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('device_events_type_idx')
    .on('device_events')
    .columns(['device_id', 'type', 'created_at'])
    .where(sql.ref('type'), '<>', 'up')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_events_type_idx').execute();
}
