import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';

const AT = '2026-11-22T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const DEVICE = '00000000-0000-4000-8000-000000000002';
const PROFILE = '00000000-0000-4000-8000-000000000003';

// Rows written before migration 0009 get what the network server needs: EU868, LoRaWAN 1.0.3,
// revision A, an hour between uplinks, a JoinEUI of zeros. Its down step gives the old schema back.
describe('migration 0009_network_fields', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0008_notification_params');
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Winery', ${AT})`.execute(db);
    await sql`insert into profiles (id, company_id, name, created_at) values (${PROFILE}, ${COMPANY}, 'Door sensor', ${AT})`.execute(db);
    await sql`insert into templates (id, vendor, model, version, supports_otaa, supports_class_b, supports_class_c, codec)
      values ('old-model', 'Vendor', 'Model', '1', 1, 0, 0, '')`.execute(db);
    await sql`insert into devices (id, company_id, dev_eui, name, app_key, created_at)
      values (${DEVICE}, ${COMPANY}, 'A84041B1C2D3E4F1', 'Cellar sensor', ${'A'.repeat(32)}, ${AT})`.execute(db);
    await migrateTo(db, '0009_network_fields');
  });
  afterAll(async () => {
    await database.close();
  });

  const terms = async () =>
    (await database.db.selectFrom('search_entries').select('terms').where('type', '=', 'device').where('id', '=', DEVICE).executeTakeFirstOrThrow()).terms;

  it('gives existing profiles, templates and devices the defaults', async () => {
    const db = database.db;
    const settings = ['region', 'mac_version', 'reg_params_revision', 'uplink_interval_s'] as const;
    const defaults = { region: 'EU868', mac_version: 'LORAWAN_1_0_3', reg_params_revision: 'A', uplink_interval_s: 3600 };
    expect(await db.selectFrom('profiles').select(settings).where('id', '=', PROFILE).executeTakeFirst()).toEqual(defaults);
    expect(await db.selectFrom('templates').select(settings).where('id', '=', 'old-model').executeTakeFirst()).toEqual(defaults);
    expect(await db.selectFrom('devices').select('join_eui').where('id', '=', DEVICE).executeTakeFirst()).toEqual({ join_eui: '0000000000000000' });
    expect(await terms()).toBe('cellar sensor a84041b1c2d3e4f1');
  });

  it('keeps the search entry in step with a JoinEUI set afterwards', async () => {
    await database.db.updateTable('devices').set({ join_eui: '70B3D57ED0012345' }).where('id', '=', DEVICE).execute();
    expect(await terms()).toBe('cellar sensor a84041b1c2d3e4f1 70b3d57ed0012345');
  });

  it('goes down to the schema before, with the search entries and triggers as they were', async () => {
    const db = database.db;
    await migrateTo(db, '0008_notification_params');
    expect(await terms()).toBe('cellar sensor a84041b1c2d3e4f1');
    await expect(sql`select join_eui from devices`.execute(db)).rejects.toThrow();
    await expect(sql`select region from profiles`.execute(db)).rejects.toThrow();
    await sql`update devices set name = 'Attic sensor' where id = ${DEVICE}`.execute(db);
    expect(await terms()).toBe('attic sensor a84041b1c2d3e4f1');
    await migrateTo(db, '0009_network_fields');
    expect(await db.selectFrom('devices').select('join_eui').where('id', '=', DEVICE).executeTakeFirst()).toEqual({ join_eui: '0000000000000000' });
  });
});
