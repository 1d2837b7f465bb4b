import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import type { DeviceOrdering } from '../../../server/src/schemas/devices.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { indexDefinition } from '../helpers/index-definition.js';
import { testDatabaseUrl } from '../helpers/test-app.js';

const AT = '2026-11-29T10:00:00.000Z';
const USER = '00000000-0000-4000-8000-000000000002';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000003';
const device = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

// The device list searched for a common word on SQLite (issue #20): the LIKE's columns in the
// indexes the list walks (0044), so a walk checks them without reading the table.
describe('migration 0044_device_search_walk_columns', () => {
  let database: DatabaseHandle;
  const sqlite = !testDatabaseUrl;

  const definition = (name: string) => indexDefinition(database, name);
  /** SQLite's plan for a page of one company's devices searched in `order`, as the list's walk checks them (the page's own rows are read after). */
  const plan = async (order: string) => {
    const { rows } = await sql<{ detail: string }>`explain query plan select name from devices where company_id = ${COMPANY}
      and (lower(name) like '%door%' or lower(dev_eui) like '%door%' or lower(join_eui) like '%door%') order by ${sql.raw(order)} limit 25`.execute(
      database.db,
    );
    return rows.map((row) => row.detail).join(' | ');
  };
  const list = async (ordering: DeviceOrdering, search?: string) =>
    (await devicesRepository(database.db).list(USER, { companyId: COMPANY, search }, { ordering, limit: 25, offset: 0 })).results.map((d) => d.name);

  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0043_device_filter_counts');
    await sql`insert into users (id, email, password_hash, created_at) values (${USER}, 'a@example.com', 'x', ${AT})`.execute(db);
    for (const [id, name] of [
      [COMPANY, 'Orchard'],
      [OTHER, 'Elsewhere'],
    ] as const) {
      await sql`insert into companies (id, name, created_at) values (${id}, ${name}, ${AT})`.execute(db);
    }
    await sql`insert into company_members (company_id, user_id, role, joined_at) values (${COMPANY}, ${USER}, 'owner', ${AT})`.execute(db);
    const rows: [number, string, string, string][] = [
      [1, COMPANY, 'Door cellar', '70B3D57ED0000002'],
      [2, COMPANY, 'Pump house', 'A840410000000001'],
      [3, COMPANY, 'Door attic', 'A840410000000003'],
      [4, OTHER, 'Door elsewhere', 'A840410000000002'],
      [5, COMPANY, 'Meter', '0004A30B00000001'],
    ];
    for (const [n, company, name, devEui] of rows)
      await sql`insert into devices (id, company_id, dev_eui, name, app_key, created_at) values (${device(n)}, ${company}, ${devEui}, ${name}, ${'A'.repeat(32)}, ${AT})`.execute(
        db,
      );
    await migrateTo(db, '0044_device_search_walk_columns');
  });
  afterAll(async () => {
    await database.close();
  });

  it('puts what the search looks in beside the name and the DevEUI on SQLite, so the walk reads no row to check it; PostgreSQL keeps 0039', async () => {
    if (sqlite) {
      expect(await definition('devices_company_name_idx')).toContain('(company_id, name, id, dev_eui, join_eui)');
      expect(await definition('devices_company_dev_eui_idx')).toContain('(company_id, dev_eui, name, join_eui)');
      expect(await plan('name desc, id desc')).toContain('USING COVERING INDEX devices_company_name_idx');
      // The DevEUI is unique: ordered by it alone, the index gives the order with no sort after it.
      const byDevEui = await plan('dev_eui');
      expect(byDevEui).toContain('USING COVERING INDEX devices_company_dev_eui_idx');
      expect(byDevEui).not.toContain('TEMP B-TREE');
    } else {
      expect(await definition('devices_company_name_idx')).toContain('(company_id, name, id)');
      expect(await definition('devices_company_dev_eui_idx')).toContain('(company_id, dev_eui)');
    }
  });

  it('lists the company’s devices in every order, searched and not, without another company’s', async () => {
    expect(await list('dev_eui')).toEqual(['Meter', 'Door cellar', 'Pump house', 'Door attic']);
    expect(await list('-dev_eui')).toEqual(['Door attic', 'Pump house', 'Door cellar', 'Meter']);
    expect(await list('dev_eui', 'a84041')).toEqual(['Pump house', 'Door attic']);
    expect(await list('-name', 'door')).toEqual(['Door cellar', 'Door attic']);
    expect(await list('name', 'door')).toEqual(['Door attic', 'Door cellar']);
  });

  it('goes down to the indexes of 0039 and up again', async () => {
    await migrateTo(database.db, '0043_device_filter_counts');
    expect(await definition('devices_company_name_idx')).toContain('(company_id, name, id)');
    expect(await definition('devices_company_dev_eui_idx')).toContain('(company_id, dev_eui)');
    expect(await list('-dev_eui', 'a84041')).toEqual(['Door attic', 'Pump house']);
    await migrateTo(database.db, '0044_device_search_walk_columns');
    if (sqlite) expect(await definition('devices_company_name_idx')).toContain('dev_eui, join_eui');
  });
});
