import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { webhooksRepository } from '../../../server/src/repositories/webhooks.js';

const AT = '2026-11-22T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const WEBHOOK = '00000000-0000-4000-8000-000000000003';

// Deliveries queued before migration 0015 have no claim and are sent like every other; its down step gives the old schema back.
describe('migration 0015_claims_and_housekeeping', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0011_event_store');
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Winery', ${AT})`.execute(db);
    await sql`insert into webhooks (id, company_id, url, created_at) values (${WEBHOOK}, ${COMPANY}, 'https://example.com/hook', ${AT})`.execute(db);
    await sql`insert into webhook_deliveries (id, webhook_id, payload, next_attempt_at, created_at, updated_at)
      values ('d1', ${WEBHOOK}, '{}', ${AT}, ${AT}, ${AT})`.execute(db);
    await migrateTo(db, '0015_claims_and_housekeeping');
  });
  afterAll(async () => {
    await database.close();
  });

  it('leaves a delivery queued before it unclaimed, and claimable (once 0017 gave its webhook a secret and a destination)', async () => {
    await migrateTo(database.db, '0017_webhook_security');
    const webhooks = webhooksRepository(database.db, database.dialect);
    const claimed = await webhooks.claim('node-a', AT, '2026-11-22T10:00:30.000Z', 10);
    expect(claimed).toMatchObject([{ id: 'd1', attempts: 1, claimed_by: 'node-a', url: 'https://example.com/hook', secret: expect.stringMatching(/^whsec_/) }]);
    const hook = await sql<{ destination: string }>`select destination from webhooks`.execute(database.db);
    expect(hook.rows).toEqual([{ destination: 'https://example.com' }]);
  });

  it('goes down to the schema before', async () => {
    const db = database.db;
    await migrateTo(db, '0011_event_store');
    await expect(sql`select claimed_by from webhook_deliveries`.execute(db)).rejects.toThrow();
    await expect(sql`select name from job_leases`.execute(db)).rejects.toThrow();
    expect(Number((await sql<{ n: number | string }>`select count(*) as n from webhook_deliveries`.execute(db)).rows[0]?.n)).toBe(1);
  });
});
