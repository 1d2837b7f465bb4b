import type { Kysely } from 'kysely';

// Downlinks sent from here (issue #13). A downlink is recorded with its outbox change in one
// transaction and pushed by the network-server worker like any other change, so nothing is lost
// while the network server is down. Its state then follows the network server's answers: the queue
// item id the Enqueue call returns, then the txack and ack events that name that id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('downlinks')
    // Ours, time-ordered (UUIDv7): a device's downlinks are pushed and listed in the order they were sent.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('f_port', 'integer', (c) => c.notNull())
    .addColumn('confirmed', 'integer', (c) => c.notNull())
    // The bytes as upper-case hex (at most 242 bytes), the same text in SQLite and PostgreSQL.
    .addColumn('data_hex', 'text', (c) => c.notNull())
    // domain/downlink.ts DOWNLINK_STATES
    .addColumn('state', 'text', (c) => c.notNull())
    // ChirpStack's id of the queue item, once it accepted the downlink: what ack and txack events name.
    .addColumn('queue_item_id', 'text')
    .addColumn('f_cnt_down', 'bigint')
    // Why it failed (or, while pending, why the last attempt did not reach the network server).
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A device's downlinks, newest first.
  await db.schema.createIndex('downlinks_device_idx').on('downlinks').columns(['device_id', 'created_at']).execute();
  // An event's downlink: the queue item id within the device (null until queued; nulls never collide).
  await db.schema.createIndex('downlinks_queue_item_idx').on('downlinks').columns(['device_id', 'queue_item_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('downlinks').execute();
}
