import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo, migrateToLatest } from '../../../server/src/db/migrate.js';

interface Reference {
  table: string;
  column: string;
}

/** Every foreign key column that references devices (one column each, as all of them are). */
async function deviceReferences(database: DatabaseHandle): Promise<Reference[]> {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<Reference>`
      select m.name as "table", f."from" as "column" from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table' and f."table" = 'devices' order by 1`.execute(database.db);
    return rows;
  }
  const { rows } = await sql<Reference>`
    select c.conrelid::regclass::text as "table", a.attname as "column" from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'devices'::regclass order by 1`.execute(database.db);
  return rows;
}

/** The first column of each index of a table (primary keys and unique constraints included). */
async function leadingColumns(database: DatabaseHandle, table: string): Promise<string[]> {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ column: string }>`
      select i.name as "column" from pragma_index_list(${table}) l join pragma_index_info(l.name) i where i.seqno = 0`.execute(database.db);
    const withoutRowid = await sql<{ pk: number; name: string }>`select name, pk from pragma_table_info(${table}) where pk = 1`.execute(database.db);
    return [...rows.map((row) => row.column), ...withoutRowid.rows.map((row) => row.name)];
  }
  const { rows } = await sql<{ column: string }>`
    select a.attname as "column" from pg_index x join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0]
    where x.indrelid = ${table}::regclass`.execute(database.db);
  return rows.map((row) => row.column);
}

// Issue #20: deleting devices makes the database look up their rows in every table that references
// them (cascade or set null), once per device. Without an index that starts with the reference,
// each lookup reads the whole table; 0040 adds the two that were missing.
describe('migration 0040_bulk_indexes', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await emptyDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives every table that references devices an index led by the reference', async () => {
    const references = await deviceReferences(database);
    expect(references.map((reference) => reference.table)).toEqual(expect.arrayContaining(['widgets', 'rule_firings', 'frames', 'topic_samples']));
    const unindexed: string[] = [];
    for (const { table, column } of references) if (!(await leadingColumns(database, table)).includes(column)) unindexed.push(`${table}.${column}`);
    expect(unindexed).toEqual([]);
  });

  it('goes down to 0038 (widgets and rule firings without their index) and up again', async () => {
    await migrateTo(database.db, '0038_rule_device_versions');
    expect(await leadingColumns(database, 'widgets')).not.toContain('device_id');
    expect(await leadingColumns(database, 'rule_firings')).not.toContain('device_id');
    await migrateToLatest(database.db);
    expect(await leadingColumns(database, 'widgets')).toContain('device_id');
  });
});
