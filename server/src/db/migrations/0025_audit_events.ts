import type { Kysely } from 'kysely';

// The audit log per company (issue #15): who changed what, when and from where. Entries are written
// in the transaction of the change they describe; `changes` is JSON of the changed fields with
// their old and new values (secrets only as "changed", never their values).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('address', 'text')
    .addColumn('changes', 'text')
    .execute();
  // The log is read per company, newest first; retention deletes by time.
  await db.schema.createIndex('audit_events_company_at_idx').on('audit_events').columns(['company_id', 'at']).execute();
  await db.schema.createIndex('audit_events_at_idx').on('audit_events').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
