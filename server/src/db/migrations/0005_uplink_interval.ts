import type { Kysely } from 'kysely';

// How often a device usually reports (a moving average of the gaps between uplinks, seconds):
// "silent" means silent for several of its own intervals, not a fixed time for every device.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('uplink_interval_s', 'integer').execute();
  await db.schema.createIndex('device_events_created_idx').on('device_events').column('created_at').execute();
  await db.schema.createIndex('topic_samples_ts_idx').on('topic_samples').column('ts').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('topic_samples_ts_idx').execute();
  await db.schema.dropIndex('device_events_created_idx').execute();
  await db.schema.alterTable('devices').dropColumn('uplink_interval_s').execute();
}
