import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import type { DeviceImportResult } from '../../../server/src/schemas/device-import.js';
import { createApiKey, createCompany } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import { builtServer, ServerProcess } from '../helpers/server-process.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { TEST_NEW_COMPANY_PLAN, testDatabaseUrl, TestClock, type TestApp } from '../helpers/test-app.js';
import { signUp } from '../helpers/users.js';
import { ChirpstackDouble, type RunningDouble } from './chirpstack-double.js';
import { PUBLIC_URL } from './provisioning-setup.js';
import { APP_KEY, devEuis } from './samples.js';

const DEVICES = 300;
const RENAMED = 40;
const DELETED = 40;

/** A port nobody listens on right now, for a node's HTTP API. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Node {
  server: ServerProcess;
  url: string;
}

interface ListedDevice {
  id: string;
  dev_eui: string;
  network_sync?: { state: string };
}

/** The DevEUI a recorded device call is about (requests as `toObject()`: EUIs lower-case). */
const devEuiOf = (request: object): string => {
  const { device, devEui } = request as { device?: { devEui: string }; devEui?: string };
  return (device?.devEui ?? devEui ?? '').toUpperCase();
};

/** How many calls each DevEUI got: a change pushed twice shows as a 2. */
const perDevEui = (requests: object[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(devEuiOf(request), (counts.get(devEuiOf(request)) ?? 0) + 1);
  return counts;
};

// Issue #13, done-when: "two server processes on one PostgreSQL deliver each change exactly once".
// Two real nodes (server/dist/main.js, each with its own pool and sync worker) share one database and
// one ChirpStack double; changes arrive through both nodes' APIs, so both workers compete for them.
// The in-process variant with two pools is two-nodes.test.ts.
describe.skipIf(!testDatabaseUrl)('two server processes on one PostgreSQL', () => {
  let main: string;
  let database: SharedDatabase;
  let t: TestApp;
  let chirpstack: ChirpstackDouble;
  let running: RunningDouble;
  let key: string;
  let company: string;
  const nodes: Node[] = [];
  /** Every process started, stopped after all even when setup failed half-way. */
  const started: ServerProcess[] = [];

  async function startNode(): Promise<Node> {
    const port = await freePort();
    const server = new ServerProcess(main, {
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The embedded gateway broker on a port of its own, so the two nodes do not contend for 8883.
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL,
      CHIRPSTACK_API_URL: running.url,
      CHIRPSTACK_API_TOKEN: running.config.apiToken,
      CHIRPSTACK_TENANT_ID: running.config.tenantId,
    });
    started.push(server);
    server.start();
    const url = `http://127.0.0.1:${port}`;
    const up = await until(async () => (await fetch(`${url}/api/version`).catch(() => undefined))?.status === 200, 60_000, 100);
    expect(up, server.tail()).toBe(true);
    return { server, url };
  }

  /** A call to a node's API with the owner's API key, as an integration would make it. */
  async function api<T>(node: Node, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${node.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path} on ${node.url}`).toBeLessThan(300);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  const listed = async (node: Node) => (await api<{ results: ListedDevice[] }>(node, 'GET', `/device/?company_id=${company}&page_size=1000`)).results;
  const outboxEmpty = async () => (await t.db.selectFrom('network_outbox').select('entity_id').execute()).length === 0;
  const logs = () => nodes.map((node) => node.server.tail()).join('\n');

  beforeAll(async () => {
    main = await builtServer();
    database = await sharedDatabase('ns-nodes');
    chirpstack = new ChirpstackDouble();
    running = await chirpstack.start();
    // The nodes boot while the account is set up in-process (no data plane: it pushes nothing); every change comes through the nodes.
    const booting = Promise.all([startNode(), startNode()]);
    // The nodes' DATA_DIR: the in-process app and the nodes share its secret key, as nodes of one installation must.
    const config = loadConfig({ LOG_LEVEL: 'silent', ...TEST_NEW_COMPANY_PLAN, DATA_DIR: database.env.DATA_DIR as string });
    const app = await buildApp({ config, database: database.handle, logger: false });
    await app.ready();
    t = { app, db: database.handle.db, config, clock: new TestClock(), close: () => app.close() };
    const owner = await signUp(app);
    company = await createCompany(t, owner, 'Two nodes');
    key = await createApiKey(t, owner, 'integration');
    nodes.push(...(await booting));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    await t?.close();
    await running?.close();
    await database?.drop();
  }, 60_000);

  it(`push each of ${DEVICES} imported devices once, then each edit and delete once`, { timeout: 120_000 }, async () => {
    const [a, b] = nodes as [Node, Node];
    const profile = await api<{ id: string }>(a, 'POST', `/config/${company}`, { name: 'Room sensor' });
    // Half the import through each node: both record changes, both workers claim them.
    const euis = devEuis(DEVICES);
    const halves = [euis.slice(0, DEVICES / 2), euis.slice(DEVICES / 2)];
    const imported = await Promise.all(
      halves.map((half, i) =>
        api<{ results: DeviceImportResult[] }>(i === 0 ? a : b, 'POST', '/device/bulk/', {
          company_id: company,
          config: profile.id,
          devices: half.map((dev_eui) => ({ dev_eui, app_key: APP_KEY })),
        }),
      ),
    );
    expect(imported.flatMap((answer) => answer.results).filter((row) => row.status !== 'success')).toEqual([]);

    expect(await until(outboxEmpty, 90_000, 250), logs()).toBe(true);
    const devices = await listed(b);
    expect(devices).toHaveLength(DEVICES);
    expect(devices.filter((device) => device.network_sync?.state !== 'synced')).toEqual([]);
    const creates = perDevEui(chirpstack.requests('DeviceService/Create'));
    expect(creates.size).toBe(DEVICES);
    expect([...creates.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(creates.keys())).toEqual(new Set(euis));
    // Both nodes took their share (each process has its own connection to ChirpStack).
    expect(new Set(chirpstack.calls.filter((call) => call.method === 'DeviceService/Create').map((call) => call.peer)).size).toBeGreaterThanOrEqual(2);
    // A change pushed a second time would find the device there and update it.
    expect(chirpstack.requests('DeviceService/Update')).toEqual([]);
    expect(chirpstack.requests('DeviceService/CreateKeys')).toHaveLength(DEVICES);
    expect(chirpstack.requests('ApplicationService/Create')).toHaveLength(1);
    expect(chirpstack.requests('DeviceProfileService/Create')).toHaveLength(1);
    expect(chirpstack.integrations.size).toBe(1);

    // Edits and deletes, alternating between the nodes.
    const renamed = devices.slice(0, RENAMED);
    const deleted = devices.slice(RENAMED, RENAMED + DELETED);
    await Promise.all([
      ...renamed.map((device, i) => api(nodes[i % 2] as Node, 'PUT', `/device/${device.id}/`, { name: `Renamed ${i}` })),
      ...deleted.map((device, i) => api(nodes[(i + 1) % 2] as Node, 'DELETE', `/device/${device.id}/`)),
    ]);
    expect(await until(outboxEmpty, 60_000, 250), logs()).toBe(true);
    const updates = perDevEui(chirpstack.requests('DeviceService/Update'));
    expect(new Set(updates.keys())).toEqual(new Set(renamed.map((device) => device.dev_eui)));
    expect([...updates.values()].every((count) => count === 1)).toBe(true);
    const deletes = perDevEui(chirpstack.requests('DeviceService/Delete'));
    expect(new Set(deletes.keys())).toEqual(new Set(deleted.map((device) => device.dev_eui)));
    expect([...deletes.values()].every((count) => count === 1)).toBe(true);
    expect(chirpstack.requests('DeviceService/Create')).toHaveLength(DEVICES);
    expect(chirpstack.devices.size).toBe(DEVICES - DELETED);
    expect(chirpstack.devices.get(renamed[0]?.dev_eui.toLowerCase() ?? '')?.name).toBe('Renamed 0');
  });
});
