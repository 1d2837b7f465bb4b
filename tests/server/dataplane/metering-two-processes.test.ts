import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { createApiKey, createCompany } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import { builtServer, ServerProcess } from '../helpers/server-process.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { testDatabaseUrl, TestClock, type TestApp } from '../helpers/test-app.js';
import { signUp } from '../helpers/users.js';

const REQUESTS = 200;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Issue #17, done-when: "the count is exact under 200 concurrent requests across two server processes
// on one PostgreSQL". Each node counts in memory and adds its counts with upsert-increments, every few
// milliseconds (so the two nodes' writes interleave) and when it stops.
describe.skipIf(!testDatabaseUrl)('token metering across two server processes', () => {
  let database: SharedDatabase;
  let t: TestApp;
  let key: string;
  let company: string;
  const nodes: { server: ServerProcess; url: string }[] = [];

  beforeAll(async () => {
    const main = await builtServer();
    database = await sharedDatabase('metering-nodes');
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: database.env.DATA_DIR as string, NEW_COMPANY_PLAN: 'basic' });
    const app = await buildApp({ config, database: database.handle, logger: false });
    await app.ready();
    t = { app, db: database.handle.db, config, clock: new TestClock(), close: () => app.close() };
    const owner = await signUp(app);
    company = await createCompany(t, owner, 'Metered');
    key = await createApiKey(t, owner, 'integration');
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const server = new ServerProcess(main, {
        ...database.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        LOG_LEVEL: 'warn',
        USAGE_FLUSH_MS: '5',
      });
      server.start();
      nodes.push({ server, url: `http://127.0.0.1:${port}` });
    }
    for (const node of nodes) {
      const up = await until(async () => (await fetch(`${node.url}/api/version`).catch(() => undefined))?.status === 200, 60_000, 100);
      expect(up, node.server.tail()).toBe(true);
    }
  }, 600_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.server.stop()));
    await t?.close();
    await database?.drop();
  }, 60_000);

  it(`counts ${REQUESTS} concurrent API-key requests through both nodes exactly once each`, { timeout: 120_000 }, async () => {
    const statuses = await Promise.all(
      Array.from({ length: REQUESTS }, async (_, i) => {
        const node = nodes[i % 2] as (typeof nodes)[number];
        const response = await fetch(`${node.url}/api/device/?company_id=${company}`, { headers: { authorization: `Bearer ${key}` } });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Stopping writes what each node still holds.
    await Promise.all(nodes.map((node) => node.server.stop()));
    const rows = await t.db.selectFrom('token_usage').select('tokens').where('company_id', '=', company).execute();
    expect(rows.reduce((sum, row) => sum + Number(row.tokens), 0)).toBe(REQUESTS);
  });
});
