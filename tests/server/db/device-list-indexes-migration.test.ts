import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import { indexDefinition } from '../helpers/index-definition.js';
import { testDatabaseUrl } from '../helpers/test-app.js';

const AT = '2026-11-28T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const device = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

// The device list's indexes (issue #20): every list order is an index's, on both databases, and
// going down restores the indexes of 0002. The devices written before stay listed in the same order.
describe('migration 0039_device_list_indexes', () => {
  let database: DatabaseHandle;
  const postgres = Boolean(testDatabaseUrl);

  const definition = (name: string) => indexDefinition(database, name);
  const names = async (ordering: 'name' | '-last_seen' | 'last_seen' | 'dev_eui') =>
    (await devicesRepository(database.db).list(USER, { companyId: COMPANY }, { ordering, limit: 25, offset: 0 })).results.map((d) => d.name);

  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0038_rule_device_versions');
    await sql`insert into users (id, email, password_hash, created_at) values (${USER}, 'a@example.com', 'x', ${AT})`.execute(db);
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Orchard', ${AT})`.execute(db);
    await sql`insert into company_members (company_id, user_id, role, joined_at) values (${COMPANY}, ${USER}, 'owner', ${AT})`.execute(db);
    // Two never seen (a tie the id settles), two seen; names and DevEUIs in different orders.
    const rows: [number, string, string, string | null][] = [
      [1, 'Pear', 'A840410000000004', null],
      [2, 'Apple', 'A840410000000003', '2026-11-28T09:00:00.000Z'],
      [3, 'Quince', 'A840410000000002', null],
      [4, 'Cherry', 'A840410000000001', '2026-11-28T08:00:00.000Z'],
    ];
    for (const [n, name, devEui, lastSeen] of rows)
      await sql`insert into devices (id, company_id, dev_eui, name, app_key, last_seen, created_at) values (${device(n)}, ${COMPANY}, ${devEui}, ${name}, ${'A'.repeat(32)}, ${lastSeen}, ${AT})`.execute(
        db,
      );
    await migrateTo(db, '0039_device_list_indexes');
  });
  afterAll(async () => {
    await database.close();
  });

  it('orders each list column by an index of the company, ties by id', async () => {
    expect(await definition('devices_company_name_idx')).toContain('(company_id, name, id)');
    expect(await definition('devices_company_dev_eui_idx')).toContain('(company_id, dev_eui)');
    expect(await definition('devices_company_last_seen_idx')).toContain(
      postgres ? '(company_id, last_seen DESC NULLS LAST, id DESC)' : '(company_id, last_seen, id)',
    );
    if (postgres) expect(await definition('devices_search_trgm_idx')).toContain('USING gin');
    expect(await names('name')).toEqual(['Apple', 'Cherry', 'Pear', 'Quince']);
    expect(await names('-last_seen')).toEqual(['Apple', 'Cherry', 'Pear', 'Quince']);
    expect(await names('last_seen')).toEqual(['Pear', 'Quince', 'Cherry', 'Apple']);
    expect(await names('dev_eui')).toEqual(['Cherry', 'Quince', 'Apple', 'Pear']);
  });

  it('goes down to the indexes of 0002 and up again', async () => {
    await migrateTo(database.db, '0038_rule_device_versions');
    expect(await definition('devices_company_name_idx')).toContain('(company_id, name)');
    expect(await definition('devices_company_last_seen_idx')).toContain('(company_id, last_seen)');
    expect(await definition('devices_company_dev_eui_idx')).toBeUndefined();
    expect(await definition('devices_search_trgm_idx')).toBeUndefined();
    expect(await names('last_seen')).toEqual(['Pear', 'Quince', 'Cherry', 'Apple']);
    await migrateTo(database.db, '0039_device_list_indexes');
    expect(await definition('devices_company_name_idx')).toContain('(company_id, name, id)');
  });
});
