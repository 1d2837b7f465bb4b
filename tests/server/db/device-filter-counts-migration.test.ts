import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { filterOptionsRepository } from '../../../server/src/repositories/filter-options.js';
import { emptyDatabase } from '../helpers/empty-database.js';

const AT = '2026-11-29T03:00:00.000Z';
const USER = '00000000-0000-4000-8000-000000000002';
const COMPANY = '00000000-0000-4000-8000-000000000003';
const OTHER = '00000000-0000-4000-8000-000000000004';
const UNIT = '00000000-0000-4000-8000-000000000005';
const PROFILE = '00000000-0000-4000-8000-000000000006';

// The filter options' counts (0043) start from the devices there are: counted once by the migration.
describe('migration 0043_device_filter_counts', () => {
  let database: DatabaseHandle;
  const options = async (field: string) => (await filterOptionsRepository(database.db).options('device', field, { userId: USER })) ?? [];

  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0042_cross_company_device_order');
    await sql`insert into users (id, email, password_hash, created_at) values (${USER}, 'a@example.com', 'x', ${AT})`.execute(db);
    for (const company of [COMPANY, OTHER]) await sql`insert into companies (id, name, created_at) values (${company}, 'Orchard', ${AT})`.execute(db);
    await sql`insert into company_members (company_id, user_id, role, joined_at) values (${COMPANY}, ${USER}, 'owner', ${AT})`.execute(db);
    await sql`insert into units (id, company_id, name, created_at) values (${UNIT}, ${COMPANY}, 'Cellar', ${AT})`.execute(db);
    await sql`insert into profiles (id, company_id, name, created_at) values (${PROFILE}, ${COMPANY}, 'Door sensor', ${AT})`.execute(db);
    const devices: [string, string | null, string | null, string, number | null][] = [
      [COMPANY, UNIT, PROFILE, 'battery', 5],
      [COMPANY, UNIT, null, 'battery', 60],
      [COMPANY, null, PROFILE, 'external', null],
      [COMPANY, null, null, 'unknown', null],
      [OTHER, null, null, 'external', null],
    ];
    for (const [n, [company, unit, profile, power, battery]] of devices.entries()) {
      await sql`insert into devices (id, company_id, dev_eui, name, app_key, unit_id, profile_id, power_source, battery_level, created_at)
        values (${`00000000-0000-4000-8000-0000000001${n}0`}, ${company}, ${`A84041000000000${n}`}, ${`Sensor ${n}`}, ${'A'.repeat(32)}, ${unit}, ${profile}, ${power}, ${battery}, ${AT})`.execute(
        db,
      );
    }
    await migrateTo(db, '0043_device_filter_counts');
  });
  afterAll(async () => {
    await database.close();
  });

  it("counts the devices there are per unit, profile and power status, only of the user's companies", async () => {
    expect(await options('unit')).toEqual([{ value: UNIT, label: 'Cellar', count: 2 }]);
    expect(await options('config')).toEqual([{ value: PROFILE, label: 'Door sensor', count: 2 }]);
    expect(await options('power_status')).toEqual([
      { value: 'battery', label: 'battery', count: 1 },
      { value: 'battery_low', label: 'battery_low', count: 1 },
      { value: 'external', label: 'external', count: 1 },
      { value: 'unknown', label: 'unknown', count: 1 },
    ]);
  });
});
