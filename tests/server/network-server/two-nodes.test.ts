import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database.js';
import { call } from '../helpers/users.js';
import { createRecord } from '../helpers/fixtures.js';
import { testDatabaseUrl } from '../helpers/test-app.js';
import { provisioningSetup, waiting, type ProvisioningSetup } from './provisioning-setup.js';
import { APP_KEY, devEuis } from './samples.js';

// Several API nodes share one PostgreSQL (issue #13): each node's worker has its own connection
// pool, as separate processes have, and each change reaches ChirpStack exactly once.
describe.skipIf(!testDatabaseUrl)('two nodes on one PostgreSQL', () => {
  let s: ProvisioningSetup;
  let second: DatabaseHandle;
  beforeEach(async () => {
    s = await provisioningSetup();
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(s.t.db)).rows[0]?.schema;
    second = await openDatabase({ databaseUrl: testDatabaseUrl, pgSchema: schema });
  });
  afterEach(async () => {
    await second.close();
    await s.close();
  });

  it('push each of 300 changes once, the application and profile they need included', async () => {
    const profile = await createRecord(s.t, s.alice, `/api/config/${s.company}`, { name: 'Room sensor' });
    const devices = devEuis(300).map((dev_eui) => ({ dev_eui, app_key: APP_KEY }));
    await call(s.t.app, s.alice, 'POST', '/api/device/bulk/', { company_id: s.company, config: profile, devices });
    const nodes = [s.worker(s.t.db, 'node-a'), s.worker(second.db, 'node-b')];
    // A node that finds the dependency held by the other waits a moment for it: drain until all is done.
    while ((await waiting(s.t)).length > 0) {
      await Promise.all(nodes.map((node) => node.drain()));
      s.t.clock.advance(2_000);
    }
    expect(s.chirpstack.devices.size).toBe(300);
    expect(s.chirpstack.requests('DeviceService/Create')).toHaveLength(300);
    expect(s.chirpstack.requests('ApplicationService/Create')).toHaveLength(1);
    expect(s.chirpstack.requests('DeviceProfileService/Create')).toHaveLength(1);
    expect(s.chirpstack.integrations.size).toBe(1);
  });
});
