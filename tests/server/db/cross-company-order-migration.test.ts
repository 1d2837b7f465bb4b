import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import type { DeviceOrdering } from '../../../server/src/schemas/devices.js';
import { indexDefinition } from '../helpers/index-definition.js';
import { testDatabaseUrl } from '../helpers/test-app.js';

const AT = '2026-11-28T10:00:00.000Z';
const USER = '00000000-0000-4000-8000-000000000002';
const company = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const device = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

// The device list of a member of many companies with none chosen (issue #20): on PostgreSQL an
// index in each list order across companies (0042); SQLite keeps the company-led ones of 0039.
describe('migration 0042_cross_company_device_order', () => {
  let database: DatabaseHandle;
  const postgres = Boolean(testDatabaseUrl);

  const definition = (name: string) => indexDefinition(database, name);
  /** The list of the member of all three companies, none chosen. */
  const names = async (ordering: DeviceOrdering) =>
    (await devicesRepository(database.db).list(USER, {}, { ordering, limit: 25, offset: 0 })).results.map((d) => d.name);

  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0041_device_search_and_filters');
    await sql`insert into users (id, email, password_hash, created_at) values (${USER}, 'a@example.com', 'x', ${AT})`.execute(db);
    for (const n of [1, 2, 3]) {
      await sql`insert into companies (id, name, created_at) values (${company(n)}, ${`Orchard ${n}`}, ${AT})`.execute(db);
      await sql`insert into company_members (company_id, user_id, role, joined_at) values (${company(n)}, ${USER}, 'owner', ${AT})`.execute(db);
    }
    // Spread over the companies so no company's order is the list's; two never seen (a tie the id settles).
    const rows: [number, number, string, string | null][] = [
      [1, 3, 'Pear', null],
      [2, 1, 'Apple', '2026-11-28T09:00:00.000Z'],
      [3, 2, 'Quince', null],
      [4, 3, 'Cherry', '2026-11-28T08:00:00.000Z'],
      [5, 2, 'Banana', '2026-11-28T09:30:00.000Z'],
    ];
    for (const [n, c, name, lastSeen] of rows)
      await sql`insert into devices (id, company_id, dev_eui, name, app_key, last_seen, created_at) values (${device(n)}, ${company(c)}, ${`A84041000000000${n}`}, ${name}, ${'A'.repeat(32)}, ${lastSeen}, ${AT})`.execute(
        db,
      );
    await migrateTo(db, '0042_cross_company_device_order');
  });
  afterAll(async () => {
    await database.close();
  });

  it('orders the list across companies by an index of its own on PostgreSQL, ties by id, never-seen devices last when the newest come first', async () => {
    if (postgres) {
      expect(await definition('devices_name_id_idx')).toContain('(name, id)');
      expect(await definition('devices_last_seen_id_idx')).toContain('(last_seen DESC NULLS LAST, id DESC)');
    } else {
      expect(await definition('devices_name_id_idx')).toBeUndefined();
      expect(await definition('devices_last_seen_id_idx')).toBeUndefined();
    }
    expect(await names('name')).toEqual(['Apple', 'Banana', 'Cherry', 'Pear', 'Quince']);
    expect(await names('-name')).toEqual(['Quince', 'Pear', 'Cherry', 'Banana', 'Apple']);
    expect(await names('-last_seen')).toEqual(['Banana', 'Apple', 'Cherry', 'Pear', 'Quince']);
    expect(await names('last_seen')).toEqual(['Pear', 'Quince', 'Cherry', 'Apple', 'Banana']);
  });

  it('goes down without them and up again', async () => {
    await migrateTo(database.db, '0041_device_search_and_filters');
    expect(await definition('devices_name_id_idx')).toBeUndefined();
    expect(await definition('devices_last_seen_id_idx')).toBeUndefined();
    expect(await names('last_seen')).toEqual(['Pear', 'Quince', 'Cherry', 'Apple', 'Banana']);
    await migrateTo(database.db, '0042_cross_company_device_order');
    if (postgres) expect(await definition('devices_name_id_idx')).toContain('(name, id)');
  });
});
