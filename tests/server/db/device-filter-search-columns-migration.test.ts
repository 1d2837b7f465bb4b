import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import type { DeviceFilters } from '../../../server/src/repositories/device-filter.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { indexDefinition } from '../helpers/index-definition.js';
import { testDatabaseUrl } from '../helpers/test-app.js';

const AT = '2026-11-29T10:00:00.000Z';
const USER = '00000000-0000-4000-8000-000000000002';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000003';
const PROFILE = '00000000-0000-4000-8000-000000000010';
const UNIT = '00000000-0000-4000-8000-000000000020';
const device = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

const FILTER_INDEXES = {
  devices_company_profile_idx: ['company_id, profile_id', "profile_id = '<id>'"],
  devices_company_unit_idx: ['company_id, unit_id', "unit_id = '<id>'"],
  devices_company_power_idx: ['company_id, power_source, battery_level', "power_source = 'battery'"],
} as const;

// The device list filtered and searched on SQLite (issue #20): the search's columns in each filter's
// index (0045), so the filter's devices are checked on the index and only the matches' rows are read.
describe('migration 0045_device_filter_search_columns', () => {
  let database: DatabaseHandle;
  const sqlite = !testDatabaseUrl;

  const definition = (name: string) => indexDefinition(database, name);
  /** SQLite's plan for the searched columns of one company's devices under a filter. */
  const plan = async (filter: string) => {
    const { rows } = await sql<{ detail: string }>`explain query plan select name, dev_eui from devices where company_id = ${COMPANY}
      and ${sql.raw(filter.replace('<id>', PROFILE))} and (name like '%door%' or dev_eui like '%door%' or join_eui like '%door%')`.execute(database.db);
    return rows.map((row) => row.detail).join(' | ');
  };
  const list = async (filters: Omit<DeviceFilters, 'companyId'>) =>
    (await devicesRepository(database.db).list(USER, { companyId: COMPANY, ...filters }, { ordering: 'name', limit: 25, offset: 0 })).results.map(
      (d) => d.name,
    );

  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0044_device_search_walk_columns');
    await sql`insert into users (id, email, password_hash, created_at) values (${USER}, 'a@example.com', 'x', ${AT})`.execute(db);
    for (const [id, name] of [
      [COMPANY, 'Orchard'],
      [OTHER, 'Elsewhere'],
    ] as const) {
      await sql`insert into companies (id, name, created_at) values (${id}, ${name}, ${AT})`.execute(db);
    }
    await sql`insert into company_members (company_id, user_id, role, joined_at) values (${COMPANY}, ${USER}, 'owner', ${AT})`.execute(db);
    await sql`insert into profiles (id, company_id, name, created_at) values (${PROFILE}, ${COMPANY}, 'Door sensor', ${AT})`.execute(db);
    await sql`insert into units (id, company_id, name, created_at) values (${UNIT}, ${COMPANY}, 'Cellar', ${AT})`.execute(db);
    const rows: [number, string, string, string, string | null, string | null, string, number | null][] = [
      [1, COMPANY, 'Door cellar', '70B3D57ED0000002', PROFILE, UNIT, 'battery', 80],
      [2, COMPANY, 'Pump house', 'A840410000000001', PROFILE, UNIT, 'external', null],
      [3, COMPANY, 'Door attic', 'A840410000000003', null, null, 'battery', 5],
      [4, OTHER, 'Door elsewhere', 'A840410000000002', null, null, 'battery', 80],
      [5, COMPANY, 'Door shed', '0004A30B00000001', PROFILE, null, 'unknown', null],
    ];
    for (const [n, company, name, devEui, profile, unit, power, battery] of rows) {
      await sql`insert into devices (id, company_id, dev_eui, name, app_key, profile_id, unit_id, power_source, battery_level, created_at)
        values (${device(n)}, ${company}, ${devEui}, ${name}, ${'A'.repeat(32)}, ${profile}, ${unit}, ${power}, ${battery}, ${AT})`.execute(db);
    }
    await migrateTo(db, '0045_device_filter_search_columns');
  });
  afterAll(async () => {
    await database.close();
  });

  it('puts what the search looks in into each filter’s index on SQLite, so the filter’s devices are searched without their rows; PostgreSQL keeps 0041', async () => {
    for (const [index, [columns, filter]] of Object.entries(FILTER_INDEXES)) {
      if (sqlite) {
        expect(await definition(index)).toContain(`(${columns}, name, dev_eui, join_eui)`);
        expect(await plan(filter)).toContain(`USING COVERING INDEX ${index}`);
      } else {
        expect(await definition(index)).toContain(`(${columns})`);
      }
    }
  });

  it('lists the company’s filtered devices, searched and not, without another company’s', async () => {
    expect(await list({ profileId: PROFILE })).toEqual(['Door cellar', 'Door shed', 'Pump house']);
    expect(await list({ profileId: PROFILE, search: 'door' })).toEqual(['Door cellar', 'Door shed']);
    expect(await list({ unitId: UNIT, search: 'a84041' })).toEqual(['Pump house']);
    expect(await list({ powerStatus: 'battery', search: 'door' })).toEqual(['Door cellar']);
    expect(await list({ powerStatus: 'battery_low', search: 'door' })).toEqual(['Door attic']);
    expect(await list({ powerStatus: 'unknown', search: '0004a3' })).toEqual(['Door shed']);
  });

  it('goes down to the indexes of 0041 and up again', async () => {
    await migrateTo(database.db, '0044_device_search_walk_columns');
    for (const [index, [columns]] of Object.entries(FILTER_INDEXES)) expect(await definition(index)).toContain(`(${columns})`);
    expect(await list({ profileId: PROFILE, search: 'door' })).toEqual(['Door cellar', 'Door shed']);
    await migrateTo(database.db, '0045_device_filter_search_columns');
    if (sqlite) expect(await definition('devices_company_profile_idx')).toContain('profile_id, name, dev_eui, join_eui');
  });
});
