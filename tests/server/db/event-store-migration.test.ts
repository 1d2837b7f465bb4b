import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';

const AT = '2026-11-22T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const DEVICE = '00000000-0000-4000-8000-000000000002';

// Events stored before migration 0011 have no idempotency key and stay as they were; its down step gives the old schema back.
describe('migration 0011_event_store', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0010_network_sync');
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Winery', ${AT})`.execute(db);
    await sql`insert into devices (id, company_id, dev_eui, name, app_key, created_at)
      values (${DEVICE}, ${COMPANY}, 'A84041B1C2D3E4F1', 'Cellar sensor', ${'A'.repeat(32)}, ${AT})`.execute(db);
    for (const id of ['e1', 'e2']) {
      await sql`insert into device_events (id, company_id, device_id, type, summary, created_at) values (${id}, ${COMPANY}, ${DEVICE}, 'up', 'Uplink', ${AT})`.execute(
        db,
      );
    }
    await migrateTo(db, '0011_event_store');
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps older events without a key (any number of them), and a device without a position', async () => {
    const db = database.db;
    expect(await db.selectFrom('device_events').select(['id', 'dedupe_key', 'level', 'code']).orderBy('id').execute()).toEqual([
      { id: 'e1', dedupe_key: null, level: null, code: null },
      { id: 'e2', dedupe_key: null, level: null, code: null },
    ]);
    expect(await db.selectFrom('devices').select(['latitude', 'location_at']).executeTakeFirst()).toEqual({ latitude: null, location_at: null });
  });

  it('refuses a second event with the same key for the same device', async () => {
    const insert = (id: string) =>
      sql`insert into device_events (id, company_id, device_id, type, summary, created_at, dedupe_key) values (${id}, ${COMPANY}, ${DEVICE}, 'up', 'Uplink', ${AT}, 'up:1')`.execute(
        database.db,
      );
    await insert('e3');
    await expect(insert('e4')).rejects.toThrow();
  });

  it('goes down to the schema before', async () => {
    const db = database.db;
    await migrateTo(db, '0010_network_sync');
    await expect(sql`select dedupe_key from device_events`.execute(db)).rejects.toThrow();
    await expect(sql`select latitude from devices`.execute(db)).rejects.toThrow();
    await expect(sql`select id from frames`.execute(db)).rejects.toThrow();
    // The events themselves stay.
    expect(Number((await sql<{ n: number | string }>`select count(*) as n from device_events`.execute(db)).rows[0]?.n)).toBe(3);
  });
});
