import type { Kysely } from 'kysely';

// Background work across several API nodes on one database (issue #24).
// - Webhook deliveries are claimed with a lease before they are sent (the pattern of the network
//   outbox, 0010): two nodes never send one delivery at once, and a node killed mid-send leaves
//   the delivery to whoever comes after the lease.
// - Leases of jobs that run once across nodes (the maintenance chores): one row per job, taken
//   over only when its holder's time is up.
// - Housekeeping purges in small batches: indexes that find what it removes without a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('claimed_until', 'text').execute();
  // Sent or given up: purged by age.
  await db.schema.createIndex('webhook_deliveries_done_idx').on('webhook_deliveries').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('held_by', 'text', (c) => c.notNull())
    .addColumn('held_until', 'text', (c) => c.notNull())
    .execute();

  // Sessions that can no longer be used: the refresh token expired, or the session was revoked.
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_revoked_idx').on('sessions').column('revoked_at').execute();
  await db.schema.createIndex('notifications_read_idx').on('notifications').columns(['is_read', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_read_idx').execute();
  await db.schema.dropIndex('sessions_revoked_idx').execute();
  await db.schema.dropIndex('sessions_expires_idx').execute();
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropIndex('webhook_deliveries_done_idx').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('claimed_until').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('claimed_by').execute();
}
