import type { Kysely } from 'kysely';

// The rule engine (issue #23): rules of a company, each rule's state per device (armed or firing,
// since when, the memory of its conditions: held-since times, windows, last values) and the
// history of its transitions with the values that caused them. A state row carries a version:
// whoever moves it writes only the version it read, so of two API nodes evaluating the same
// device at once exactly one records a transition.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text')
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text')
    .addColumn('hysteresis', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rules_company_idx').on('rules').columns(['company_id', 'name']).execute();

  await db.schema
    .createTable('rule_states')
    .addColumn('rule_id', 'text', (c) => c.notNull().references('rules.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('firing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('since', 'text')
    .addColumn('last_fired_at', 'text')
    .addColumn('memory', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rule_states_pk', ['rule_id', 'device_id'])
    .execute();
  // A device's states are read together on each of its events.
  await db.schema.createIndex('rule_states_device_idx').on('rule_states').column('device_id').execute();

  await db.schema
    .createTable('rule_firings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule_id', 'text', (c) => c.notNull().references('rules.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('transition', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('readings', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rule_firings_rule_idx').on('rule_firings').columns(['rule_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rule_firings').execute();
  await db.schema.dropTable('rule_states').execute();
  await db.schema.dropTable('rules').execute();
}
