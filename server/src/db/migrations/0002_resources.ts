import type { Kysely } from 'kysely';

// The company-owned resources of spec §7: profiles and the template store, units and groups,
// devices with their topics, time series and events, gateways, dashboards and widgets,
// notifications and API keys. Lists sort and filter in the database, hence the indexes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const companyRef = 'companies.id';

  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supports_otaa', 'integer', (c) => c.notNull())
    .addColumn('supports_class_b', 'integer', (c) => c.notNull())
    .addColumn('supports_class_c', 'integer', (c) => c.notNull())
    .addColumn('codec', 'text', (c) => c.notNull())
    .addColumn('samples', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references(companyRef).onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('codec', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supports_otaa', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('supports_class_b', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('supports_class_c', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template_id', 'text', (c) => c.references('templates.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('profiles_company_idx').on('profiles').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('profiles_company_template_uq').on('profiles').columns(['company_id', 'template_id']).unique().execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references(companyRef).onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_company_idx').on('groups').columns(['company_id', 'name']).execute();

  await db.schema
    .createTable('units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references(companyRef).onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('units_company_idx').on('units').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('units_group_idx').on('units').column('group_id').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references(companyRef).onDelete('cascade'))
    .addColumn('dev_eui', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('unit_id', 'text', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('last_seen', 'text')
    // 'external' | 'battery' | 'unknown'; battery_level in percent when on battery.
    .addColumn('power_source', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('battery_level', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_company_last_seen_idx').on('devices').columns(['company_id', 'last_seen']).execute();
  await db.schema.createIndex('devices_company_name_idx').on('devices').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('devices_profile_idx').on('devices').column('profile_id').execute();
  await db.schema.createIndex('devices_unit_idx').on('devices').column('unit_id').execute();

  await db.schema
    .createTable('device_topics')
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('last_value', 'text', (c) => c.notNull())
    .addColumn('last_timestamp', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_topics_pk', ['device_id', 'topic'])
    .execute();

  await db.schema
    .createTable('topic_samples')
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('ts', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topic_samples_series_idx').on('topic_samples').columns(['device_id', 'topic', 'ts']).execute();

  await db.schema
    .createTable('device_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references(companyRef).onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_events_device_idx').on('device_events').columns(['device_id', 'created_at']).execute();
  await db.schema.createIndex('device_events_company_idx').on('device_events').columns(['company_id', 'created_at']).execute();

  await db.schema
    .createTable('gateways')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references(companyRef).onDelete('cascade'))
    .addColumn('gateway_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_seen', 'text')
    .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cert_expires_at', 'text')
    .addColumn('cert_serial', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gateways_company_idx').on('gateways').columns(['company_id', 'last_seen']).execute();

  await db.schema
    .createTable('dashboards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references(companyRef).onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboards_company_idx').on('dashboards').columns(['company_id', 'owner_id']).execute();

  await db.schema
    .createTable('widgets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dashboard_id', 'text', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data_source_mode', 'text', (c) => c.notNull())
    .addColumn('query', 'text')
    .addColumn('device_id', 'text', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('unit_id', 'text', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('topic', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('position_x', 'integer', (c) => c.notNull())
    .addColumn('position_y', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('widgets_dashboard_idx').on('widgets').column('dashboard_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.references(companyRef).onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    // One notification per occurrence (e.g. "battery low" of one device until it recovers).
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'is_read', 'created_at']).execute();
  await db.schema.createIndex('notifications_dedupe_uq').on('notifications').columns(['user_id', 'dedupe_key']).unique().execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The public part of the key finds the row; only a hash of the whole secret is stored.
    .addColumn('lookup', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'api_keys',
    'notifications',
    'widgets',
    'dashboards',
    'gateways',
    'device_events',
    'topic_samples',
    'device_topics',
    'devices',
    'units',
    'groups',
    'profiles',
    'templates',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
