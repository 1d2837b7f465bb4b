import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { gatewayPresenceRepository } from '../../../server/src/repositories/gateway-presence.js';

const AT = '2026-11-27T10:00:00.000Z';
const LATER = '2026-11-27T10:01:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const GATEWAY = '00000000-0000-4000-8000-000000000002';

// A gateway connected before migration 0021 has no presence row: it is disconnected only once it
// has not been seen for the expiry, and its down step gives the old schema back.
describe('migration 0021_gateway_presence', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0018_gateway_certificates');
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Winery', ${AT})`.execute(db);
    await sql`insert into gateways (id, company_id, gateway_id, name, last_seen, connected, created_at)
      values (${GATEWAY}, ${COMPANY}, 'B827EBFFFE8B0041', 'Barn', ${AT}, 1, ${AT})`.execute(db);
    await migrateTo(db, '0021_gateway_presence');
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps a gateway connected before it until it has not been seen for the expiry', async () => {
    const presence = gatewayPresenceRepository(database.db);
    expect(await presence.expire('2026-11-27T09:59:30.000Z')).toEqual([]);
    expect(await presence.expire(LATER)).toEqual([{ id: GATEWAY, company_id: COMPANY, gateway_id: 'B827EBFFFE8B0041', name: 'Barn' }]);
    expect(await presence.expire(LATER)).toEqual([]);
  });

  it('records one row per gateway and node', async () => {
    const presence = gatewayPresenceRepository(database.db);
    await presence.hold('B827EBFFFE8B0041', 'node-a', AT);
    await presence.hold('B827EBFFFE8B0041', 'node-a', LATER);
    await presence.hold('B827EBFFFE8B0041', 'node-b', LATER);
    const rows = await sql<{
      node: string;
      connected_at: string;
      heartbeat_at: string;
    }>`select node, connected_at, heartbeat_at from gateway_presence order by node`.execute(database.db);
    expect(rows.rows).toEqual([
      { node: 'node-a', connected_at: AT, heartbeat_at: LATER },
      { node: 'node-b', connected_at: LATER, heartbeat_at: LATER },
    ]);
  });

  it('is undone by its down step', async () => {
    await migrateTo(database.db, '0018_gateway_certificates');
    await expect(sql`select * from gateway_presence`.execute(database.db)).rejects.toThrow();
    await migrateTo(database.db, '0021_gateway_presence');
    expect((await sql`select * from gateway_presence`.execute(database.db)).rows).toEqual([]);
  });
});
