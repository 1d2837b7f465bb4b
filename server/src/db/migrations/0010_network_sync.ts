import type { Kysely } from 'kysely';

// Provisioning into the network server (issue #13). A change here records an outbox row in the
// same transaction; a background worker pushes it and keeps each entity's sync state. Rows are
// claimed with a lease, so several API nodes on one database never push the same change twice,
// and a node killed mid-push leaves its claim to expire for another node to take over.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('network_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'application' (a company) | 'profile' | 'device' | 'gateway'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    // 'put' (create or update from the entity's current state) | 'delete'
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON: what a delete removes there (the entity is gone here by then).
    .addColumn('target', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Null while parked: an error retrying cannot fix waits for the retry action or a new change.
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('network_outbox_due_idx').on('network_outbox').column('next_attempt_at').execute();
  await db.schema.createIndex('network_outbox_entity_idx').on('network_outbox').columns(['kind', 'entity_id']).execute();

  await db.schema
    .createTable('network_sync')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    // 'pending' | 'synced' | 'failed'
    .addColumn('state', 'text', (c) => c.notNull())
    // The network server's id for it: application and device-profile ids, the DevEUI or gateway id last pushed.
    .addColumn('remote_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('network_sync_pk', ['kind', 'entity_id'])
    .execute();
  await db.schema.createIndex('network_sync_company_idx').on('network_sync').columns(['company_id', 'state']).execute();

  // The credential the network server's HTTP integration posts a company's events with.
  await db.schema
    .createTable('integration_keys')
    .addColumn('lookup', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integration_keys_company_idx').on('integration_keys').column('company_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('integration_keys').execute();
  await db.schema.dropTable('network_sync').execute();
  await db.schema.dropTable('network_outbox').execute();
}
