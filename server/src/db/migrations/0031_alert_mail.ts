import type { Kysely } from 'kysely';

// Alert e-mails (issue #21): which notifications a user wants by e-mail, per company and kind (no row:
// in the console only, as before); how their alert mails go out (at once, or as one daily digest);
// and the alerts waiting to be mailed. An alert is claimed by stamping `mailed_at` in the
// transaction that queues its mail (mail_outbox), so of two nodes exactly one mails it and a node
// killed before the commit leaves it waiting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'in_app', 'email', 'both' or 'none'
    .addColumn('channel', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'company_id', 'kind'])
    .execute();
  // notify() looks up one company's and kind's preferences of its members.
  await db.schema.createIndex('notification_preferences_company_idx').on('notification_preferences').columns(['company_id', 'kind']).execute();

  await db.schema
    .createTable('alert_mail_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // 'immediate' or 'digest'
    .addColumn('mode', 'text', (c) => c.notNull())
    // The hour (UTC) the daily digest leaves.
    .addColumn('digest_hour', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alert_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    // One mail per occurrence, as notifications' dedupe_key: the maintenance pass finds a silent device again and again.
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .addUniqueConstraint('alert_mails_dedupe', ['user_id', 'dedupe_key'])
    .execute();
  await db.schema.createIndex('alert_mails_waiting_idx').on('alert_mails').columns(['mailed_at', 'user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_mails').execute();
  await db.schema.dropTable('alert_mail_settings').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
