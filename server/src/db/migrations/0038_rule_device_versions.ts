import type { Kysely } from 'kysely';

// Issue #23: every uplink of a device evaluates its company's rules on the rules' states for it.
// A node keeps the states it last read or wrote in memory and reads them again only when this
// version moved: every write of a device's rule states moves it in the same transaction, after
// taking its row lock, so a node that finds the version it cached holds the states stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rule_device_versions')
    .addColumn('device_id', 'text', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rule_device_versions').execute();
}
