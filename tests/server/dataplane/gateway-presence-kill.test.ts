import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import type { Gateway, GatewayCertificate } from '../../../server/src/schemas/gateways.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createCompany, createRecord } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import { presenceSweptTwice } from '../helpers/node-presence.js';
import { builtServer, ServerProcess } from '../helpers/server-process.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { TestClock, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type Page, type SignedIn } from '../helpers/users.js';

/** Small presence intervals for both nodes: heartbeat every 100 ms, expiry after 1.5 s. */
const PRESENCE = { GATEWAY_HEARTBEAT_MS: '100', GATEWAY_PRESENCE_EXPIRY_MS: '1500' };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Issue #24: a node killed with SIGKILL releases nothing; another node (here the in-process one)
// marks its gateways disconnected once their heartbeat expires, with one notification.
describe('a gateway on a node killed with SIGKILL', () => {
  let database: SharedDatabase;
  let node: ServerProcess;
  let t: TestApp;
  let owner: SignedIn;
  let client: MqttClient | undefined;

  beforeAll(async () => {
    const main = await builtServer();
    database = await sharedDatabase('presence-kill');
    node = new ServerProcess(main, { ...database.env, ...PRESENCE, PORT: String(await freePort()), HOST: '127.0.0.1', MQTT_PORT: '0', LOG_LEVEL: 'info' });
    node.start();
    expect(await node.logged('gateway broker (MQTT over TLS) on port'), node.tail()).toBe(true);
    // The other node: in-process, on the same database and key (DATA_DIR), running the presence sweep.
    const config = loadConfig({ ...PRESENCE, LOG_LEVEL: 'silent', DATA_DIR: database.env.DATA_DIR as string, MQTT_PORT: '0' });
    const app = await buildApp({ config, database: database.handle, logger: false, dataPlane: true });
    await app.ready();
    t = { app, db: database.handle.db, config, clock: new TestClock(), close: () => app.close() };
    owner = await signUp(app);
  }, 180_000);

  afterAll(async () => {
    client?.end(true);
    await node?.stop('SIGKILL');
    await t?.close();
    await database?.drop();
  }, 60_000);

  it('is marked disconnected after the expiry, once', { timeout: 120_000 }, async () => {
    const company = await createCompany(t, owner, 'Killed node');
    const ref = await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: 'B827EBFFFE8B0051', name: 'Silo' });
    const cert = (await call(t.app, owner, 'POST', `/api/gateway/${ref}/cert`)).json<GatewayCertificate>();
    const port = /on port (\d+)/.exec(node.lines.find((line) => line.includes('gateway broker (MQTT over TLS) on port')) ?? '')?.[1];
    client = await mqtt.connectAsync(`mqtts://127.0.0.1:${port}`, {
      clientId: 'B827EBFFFE8B0051',
      ca: cert.ca_cert,
      cert: cert.tls_cert,
      key: cert.tls_key,
      servername: 'localhost',
      reconnectPeriod: 0,
    });
    const gateway = async () => (await call(t.app, owner, 'GET', `/api/gateway/${ref}/`)).json<Gateway>();
    const notifications = async () => (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results;
    expect(await until(async () => (await gateway()).connected)).toBe(true);

    await node.stop('SIGKILL');
    expect(await until(async () => !(await gateway()).connected)).toBe(true);
    expect(await until(async () => (await notifications()).length > 0)).toBe(true);
    // The sweep has run again since (its lease moved on twice): still one alert.
    await presenceSweptTwice(t.db);
    expect(await notifications()).toEqual([expect.objectContaining({ kind: 'gateway_disconnected', title: 'Gateway disconnected: Silo' })]);
    expect(await t.db.selectFrom('gateway_presence').selectAll().execute()).toEqual([]);
  });
});
