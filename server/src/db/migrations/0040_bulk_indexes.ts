import type { Kysely } from 'kysely';

// Issue #20: whole-fleet bulk jobs. Deleting a device makes the database find its rows in every
// table that references it. Two of them had no index that starts with device_id, so each deleted
// device read all of `widgets` (set null) and all of `rule_firings` (cascade): a job of 100,000
// devices read them 100,000 times. (The export's pages walk the device order indexes of 0039.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('widgets_device_idx').on('widgets').column('device_id').execute();
  await db.schema.createIndex('rule_firings_device_idx').on('rule_firings').column('device_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rule_firings_device_idx').execute();
  await db.schema.dropIndex('widgets_device_idx').execute();
}
