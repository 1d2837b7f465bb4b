import { sql, SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// The data plane keeps what ChirpStack sends (issue #14).
// - Every event of a device is stored once: `dedupe_key` (the event type with ChirpStack's
//   deduplicationId, or a hash of what identifies an event that has none) is unique per device and
//   event time, and an event's writes happen only when its row is new, in the same transaction.
//   The unique index replaces the (device_id, created_at) index of 0002 and serves its queries: a
//   separate index on the random keys cost more per uplink than frames and receptions together.
// - Log events carry ChirpStack's level and code as columns, so they can be filtered and counted.
// - A device's position comes from location events.
// - Radio metadata of each uplink: `frames`, keyed by device and time (a device's frames, newest
//   first, read in key order; on SQLite the table is its key), every reception in a JSON column;
//   `frame_receptions` indexes the receptions of the gateways registered here by gateway and time
//   (a gateway's recent frames, the devices it heard). No random key leads an index: each commit
//   writes only the pages at the end of each device's and gateway's range.
// - Events of DevEUIs not registered here: a short list per company (or the installation, '').

/** SQLite stores the table in its primary key's order instead of beside it (one B-tree, not two). */
const clustered = <T extends string, C extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, C>) =>
  db.getExecutor().adapter instanceof SqliteAdapter ? table.modifyEnd(sql`without rowid`) : table;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['dedupe_key', 'level', 'code']) await db.schema.alterTable('device_events').addColumn(column, 'text').execute();
  await db.schema.dropIndex('device_events_device_idx').execute();
  await db.schema.createIndex('device_events_device_idx').on('device_events').columns(['device_id', 'created_at', 'dedupe_key']).unique().execute();

  for (const [column, type] of [
    ['latitude', 'double precision'],
    ['longitude', 'double precision'],
    ['altitude', 'double precision'],
    ['location_source', 'text'],
    ['location_at', 'text'],
  ] as const) {
    await db.schema.alterTable('devices').addColumn(column, type).execute();
  }

  await clustered(
    db,
    db.schema
      .createTable('frames')
      .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
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
      // The best reception (highest RSSI): a device's link quality over time without reading the rest.
      .addColumn('rssi', 'double precision')
      .addColumn('snr', 'double precision')
      // JSON array of {gateway_id, rssi, snr, channel}, strongest first, registered gateways or not.
      .addColumn('receptions', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('frames_pk', ['device_id', 'received_at', 'id']),
  ).execute();

  await clustered(
    db,
    db.schema
      .createTable('frame_receptions')
      .addColumn('gateway_id', 'text', (c) => c.notNull().references('gateways.gateway_id').onDelete('cascade'))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('frame_id', 'text', (c) => c.notNull())
      // With received_at and frame_id, the key of the frame.
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('rssi', 'double precision')
      .addColumn('snr', 'double precision')
      .addColumn('channel', 'integer')
      .addPrimaryKeyConstraint('frame_receptions_pk', ['gateway_id', 'received_at', 'frame_id']),
  ).execute();

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
  await db.schema.dropIndex('device_events_device_idx').execute();
  for (const column of ['code', 'level', 'dedupe_key']) await db.schema.alterTable('device_events').dropColumn(column).execute();
  await db.schema.createIndex('device_events_device_idx').on('device_events').columns(['device_id', 'created_at']).execute();
}
