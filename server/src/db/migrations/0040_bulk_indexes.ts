import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Issue #20: whole-fleet bulk jobs and the streamed export.
// - Deleting a device makes the database find its rows in every table that references it. Two of
//   them had no index that starts with device_id, so each deleted device read all of `widgets`
//   (set null) and all of `rule_firings` (cascade): a job of 100,000 devices read them 100,000 times.
// - The export and the list go through the devices in (name | last_seen, id) order, a page after
//   the last row of the one before. With the id missing from the index, every page sorted all of
//   the company's remaining devices to find its 1,000; with it, each page is one walk of the index.
//   The old indexes are replaced, not kept beside, so an uplink's last_seen update maintains one
//   index as before. PostgreSQL orders nulls last by default: the index says "nulls first" as the
//   list asks (a backward walk serves the descending order, nulls last).
const replaced = [
  { name: 'devices_company_name_idx', column: 'name', before: ['company_id', 'name'] },
  { name: 'devices_company_last_seen_idx', column: 'last_seen', before: ['company_id', 'last_seen'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.createIndex('widgets_device_idx').on('widgets').column('device_id').execute();
  await db.schema.createIndex('rule_firings_device_idx').on('rule_firings').column('device_id').execute();
  for (const index of replaced) {
    await db.schema.dropIndex(index.name).execute();
    const column = sqlite ? index.column : `${index.column} NULLS FIRST`;
    await sql.raw(`CREATE INDEX ${index.name} ON devices (company_id, ${column}, id)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of replaced) {
    await db.schema.dropIndex(index.name).execute();
    await db.schema
      .createIndex(index.name)
      .on('devices')
      .columns([...index.before])
      .execute();
  }
  await db.schema.dropIndex('rule_firings_device_idx').execute();
  await db.schema.dropIndex('widgets_device_idx').execute();
}
