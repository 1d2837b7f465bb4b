import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { openDatabase } from '../../../server/src/db/database.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { createApiKey, createCompany, insertDevice } from '../helpers/fixtures.js';
import { LIFTED_ADDRESS_LIMITS, TEST_NEW_COMPANY_PLAN, TEST_SECRET_KEY, TestClock, testDatabaseUrl, type TestApp } from '../helpers/test-app.js';
import { callWithKey, signUp } from '../helpers/users.js';
import { listenLocally, openLiveStream } from '../helpers/live-stream.js';

const DEV_EUI = '70B3D57ED0052299';

/**
 * Two API nodes on one PostgreSQL (issue #22): an uplink ingested on node A reaches a browser whose
 * stream is open on node B, through the one LISTEN connection each node keeps.
 */
describe.skipIf(!testDatabaseUrl)('live events across two nodes on one PostgreSQL', () => {
  let shared: SharedDatabase;
  const apps: FastifyInstance[] = [];
  const node = async (): Promise<TestApp> => {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...LIFTED_ADDRESS_LIMITS, ...TEST_NEW_COMPANY_PLAN, SECRET_KEY: TEST_SECRET_KEY });
    // The first node uses the shared database's own connection; the second opens another.
    const database = apps.length === 0 ? shared.handle : await openDatabase({ databaseUrl: shared.env.DATABASE_URL });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
    return { app, clock: new TestClock(), config, db: database.db, close: () => app.close() };
  };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    shared = await sharedDatabase('live-two-nodes');
    a = await node();
    b = await node();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await shared?.drop();
  });

  it('delivers an uplink ingested on node A to a stream open on node B, and the unread count too', async () => {
    const owner = await signUp(a.app);
    const company = await createCompany(a, owner, 'Two nodes');
    const deviceId = await insertDevice(a, { company_id: company, dev_eui: DEV_EUI, name: 'Far sensor' });
    const key = await createApiKey(a, owner, 'ingest');
    const reader = await openLiveStream(await listenLocally(b.app), owner.headers, company);
    try {
      expect(reader.status).toBe(200);
      await reader.next((event) => event.type === 'notifications' && event.unread === 0);
      const sent = await callWithKey(a.app, key, 'POST', '/api/ingest/chirpstack?event=status', { deviceInfo: { devEui: DEV_EUI }, batteryLevel: 5 });
      expect(sent.statusCode).toBe(200);
      expect(await reader.next((event) => event.type === 'device_status')).toMatchObject({ device_id: deviceId, power_status: 'battery_low' });
      await reader.next((event) => event.type === 'notifications' && event.unread === 1);
    } finally {
      reader.close();
    }
  });
});
