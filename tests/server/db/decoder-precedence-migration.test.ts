import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';

const AT = '2026-11-22T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const PROFILE = '00000000-0000-4000-8000-000000000003';
const DEVICE = '00000000-0000-4000-8000-000000000002';

// Profiles from before migration 0012 keep what ingest did then (the network server's decoding wins);
// values stored before it say nothing about their decoder. Its down step gives the old schema back.
describe('migration 0012_decoder_precedence', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0011_event_store');
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Winery', ${AT})`.execute(db);
    await sql`insert into profiles (id, company_id, name, codec, supports_otaa, supports_class_b, supports_class_c, created_at)
      values (${PROFILE}, ${COMPANY}, 'Thermo', '', 1, 0, 0, ${AT})`.execute(db);
    await sql`insert into devices (id, company_id, dev_eui, name, app_key, created_at)
      values (${DEVICE}, ${COMPANY}, 'A84041B1C2D3E4F1', 'Cellar sensor', ${'A'.repeat(32)}, ${AT})`.execute(db);
    await sql`insert into device_topics (device_id, topic, last_value, last_timestamp) values (${DEVICE}, 'temperature', '21.5', ${AT})`.execute(db);
    await migrateTo(db, '0012_decoder_precedence');
  });
  afterAll(async () => {
    await database.close();
  });

  it("lets the network server's decoding win on existing profiles, and leaves existing values without a decoder", async () => {
    const db = database.db;
    expect(await db.selectFrom('profiles').select('decoder_precedence').execute()).toEqual([{ decoder_precedence: 'network_server' }]);
    expect(await db.selectFrom('device_topics').select(['topic', 'decoded_by']).execute()).toEqual([{ topic: 'temperature', decoded_by: null }]);
  });

  it('goes down to the schema before, keeping the rows', async () => {
    const db = database.db;
    await migrateTo(db, '0011_event_store');
    await expect(sql`select decoder_precedence from profiles`.execute(db)).rejects.toThrow();
    await expect(sql`select decoded_by from device_topics`.execute(db)).rejects.toThrow();
    expect((await sql<{ topic: string }>`select topic from device_topics`.execute(db)).rows).toEqual([{ topic: 'temperature' }]);
  });
});
