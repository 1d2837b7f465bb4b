import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { searchRepository } from '../../../server/src/repositories/search.js';
import { testDialect } from '../helpers/test-app.js';

const AT = '2026-11-22T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const DEVICE = '00000000-0000-4000-8000-000000000003';

// Installations before 0022 hold every event in the search index; afterwards it holds the entities
// only, and the trigram index (SQLite's FTS table is rebuilt) still finds them.
describe('migration 0022_search_without_events', () => {
  let database: DatabaseHandle;
  const entries = async () => (await sql<{ type: string }>`select type from search_entries order by type`.execute(database.db)).rows.map((row) => row.type);

  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0018_gateway_certificates');
    await sql`insert into users (id, email, password_hash, created_at) values (${USER}, 'a@example.com', 'x', ${AT})`.execute(db);
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Vineyard', ${AT})`.execute(db);
    await sql`insert into company_members (company_id, user_id, role, joined_at) values (${COMPANY}, ${USER}, 'owner', ${AT})`.execute(db);
    await sql`insert into devices (id, company_id, dev_eui, name, app_key, created_at) values (${DEVICE}, ${COMPANY}, 'A840410001810001', 'Vineyard probe', ${'A'.repeat(32)}, ${AT})`.execute(
      db,
    );
    for (const n of [1, 2, 3])
      await sql`insert into device_events (id, company_id, device_id, type, summary, created_at) values (${`e${n}`}, ${COMPANY}, ${DEVICE}, 'join', ${`Joined vineyard ${n}`}, ${AT})`.execute(
        db,
      );
    expect(await entries()).toEqual(['company', 'device', 'event', 'event', 'event']);
    await migrateTo(db, '0022_search_without_events');
  });
  afterAll(async () => {
    await database.close();
  });

  it('removes the events from the index, keeps the entities findable and indexes no new event', async () => {
    expect(await entries()).toEqual(['company', 'device']);
    await sql`insert into device_events (id, company_id, device_id, type, summary, created_at) values ('e4', ${COMPANY}, ${DEVICE}, 'join', 'Joined vineyard 4', ${AT})`.execute(
      database.db,
    );
    expect(await entries()).toEqual(['company', 'device']);
    const search = searchRepository(database.db, testDialect);
    const hits = await search.search(USER, 'neyard', false);
    expect(hits.filter((hit) => hit.type !== 'event').map((hit) => hit.type)).toEqual(['device', 'company']);
    // Deleting an entity still leaves its index entry behind nowhere.
    await sql`delete from devices where id = ${DEVICE}`.execute(database.db);
    expect((await search.search(USER, 'neyard', false)).map((hit) => hit.type)).toEqual(['company']);
  });

  it('goes down to the schema before, events indexed again', async () => {
    await sql`insert into devices (id, company_id, dev_eui, name, app_key, created_at) values (${DEVICE}, ${COMPANY}, 'A840410001810001', 'Vineyard probe', ${'A'.repeat(32)}, ${AT})`.execute(
      database.db,
    );
    await sql`insert into device_events (id, company_id, device_id, type, summary, created_at) values ('e5', ${COMPANY}, ${DEVICE}, 'join', 'Joined vineyard 5', ${AT})`.execute(
      database.db,
    );
    await migrateTo(database.db, '0018_gateway_certificates');
    expect(await entries()).toEqual(['company', 'device', 'event']);
  });
});
