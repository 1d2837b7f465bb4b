import type { Kysely } from 'kysely';

// The data plane keeps what ChirpStack sends (issue #14).
// - Every event of a device is stored once: `dedupe_key` (the event type with ChirpStack's
//   deduplicationId, or a hash of what identifies an event that has none) is unique per device, and
//   an event's writes happen only when its row is new, in the same transaction. Older rows have none.
// - Log events carry ChirpStack's level and code as columns, so they can be filtered and counted.
// - A device's position comes from location events.
// - Radio metadata of each uplink: `frames` (one row per uplink) and `frame_receptions` (one row per
//   receiving gateway), read by device (newest first, paged) and by gateway (recent).
// - Events of DevEUIs not registered here: a short list per company (or the installation, '').
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('device_events').addColumn('dedupe_key', 'text').execute();
  await db.schema.alterTable('device_events').addColumn('level', 'text').execute();
  await db.schema.alterTable('device_events').addColumn('code', 'text').execute();
  await db.schema.createIndex('device_events_dedupe_idx').on('device_events').columns(['device_id', 'dedupe_key']).unique().execute();

  for (const [column, type] of [
    ['latitude', 'double precision'],
    ['longitude', 'double precision'],
    ['altitude', 'double precision'],
    ['location_source', 'text'],
    ['location_at', 'text'],
  ] as const) {
    await db.schema.alterTable('devices').addColumn(column, type).execute();
  }

  await db.schema
    .createTable('frames')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('f_cnt', 'bigint')
    .addColumn('f_port', 'integer')
    .addColumn('dr', 'integer')
    // 'LORA' | 'FSK' | 'LR_FHSS'; the LoRa parameters below are null for the others.
    .addColumn('modulation', 'text')
    .addColumn('spreading_factor', 'integer')
    .addColumn('bandwidth', 'integer')
    .addColumn('frequency', 'bigint')
    .addColumn('adr', 'integer')
    .addColumn('confirmed', 'integer')
    .addColumn('dev_addr', 'text')
    .addColumn('gateway_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The best reception (highest RSSI): a device's link quality over time without a join.
    .addColumn('rssi', 'double precision')
    .addColumn('snr', 'double precision')
    .execute();
  await db.schema.createIndex('frames_device_idx').on('frames').columns(['device_id', 'received_at']).execute();

  await db.schema
    .createTable('frame_receptions')
    .addColumn('frame_id', 'text', (c) => c.notNull().references('frames.id').onDelete('cascade'))
    // The gateway's EUI as stored for gateways (16 upper-case hex digits), registered here or not.
    .addColumn('gateway_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('rssi', 'double precision')
    .addColumn('snr', 'double precision')
    .addColumn('channel', 'integer')
    .addPrimaryKeyConstraint('frame_receptions_pk', ['frame_id', 'gateway_id'])
    .execute();
  await db.schema.createIndex('frame_receptions_gateway_idx').on('frame_receptions').columns(['gateway_id', 'received_at']).execute();

  await db.schema
    .createTable('unregistered_devices')
    // The company the events came for, or '' for the installation (a primary key cannot hold null).
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('dev_eui', 'text', (c) => c.notNull())
    .addColumn('join_eui', 'text')
    .addColumn('device_name', 'text')
    .addColumn('application_id', 'text')
    .addColumn('last_event', 'text', (c) => c.notNull())
    .addColumn('last_event_key', 'text')
    .addColumn('last_rssi', 'double precision')
    .addColumn('last_snr', 'double precision')
    .addColumn('last_gateway_id', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('unregistered_devices_pk', ['scope', 'dev_eui'])
    .execute();
  await db.schema.createIndex('unregistered_devices_recent_idx').on('unregistered_devices').columns(['scope', 'last_seen']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unregistered_devices').execute();
  await db.schema.dropTable('frame_receptions').execute();
  await db.schema.dropTable('frames').execute();
  for (const column of ['location_at', 'location_source', 'altitude', 'longitude', 'latitude']) {
    await db.schema.alterTable('devices').dropColumn(column).execute();
  }
  await db.schema.dropIndex('device_events_dedupe_idx').execute();
  for (const column of ['code', 'level', 'dedupe_key']) await db.schema.alterTable('device_events').dropColumn(column).execute();
}
