import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'kysely';
import { startGatewayBroker, type RunningBroker } from '../../../server/src/dataplane/broker/gateway-broker.js';
import { databaseGatewayRegistry } from '../../../server/src/dataplane/broker/registry.js';
import type { NodePresence, PresenceTiming } from '../../../server/src/dataplane/broker/presence.js';
import { PresenceSweep } from '../../../server/src/dataplane/presence-sweep.js';
import { issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { loadConfig } from '../../../server/src/config.js';
import { openDatabase, type DatabaseHandle, type Db } from '../../../server/src/db/database.js';
import { gatewaysRepository } from '../../../server/src/repositories/gateways.js';
import { gatewayCertificatesRepository } from '../../../server/src/repositories/gateway-certificates.js';
import { gatewayPresenceRepository } from '../../../server/src/repositories/gateway-presence.js';
import { networkServerCertificatesRepository } from '../../../server/src/repositories/network-server-certificates.js';
import { jobLeasesRepository } from '../../../server/src/repositories/job-leases.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import type { Gateway, GatewayCertificate } from '../../../server/src/schemas/gateways.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import { nodePresence, presenceSweptTwice } from '../helpers/node-presence.js';
import { platformCa } from '../helpers/platform-ca.js';
import { testDatabaseUrl, type TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

const GATEWAY = 'B827EBFFFE8B0021';

interface Node {
  name: string;
  db: Db;
  presence: NodePresence;
  broker: RunningBroker;
}

/**
 * Issue #24: two API nodes on one database, each with its own embedded broker (and, on
 * PostgreSQL, its own connection pool), and a gateway that moves between them or leaves.
 */
describe('gateway presence across two nodes', () => {
  let t: TestApp;
  let owner: SignedIn;
  let gatewayRef: string;
  let cert: GatewayCertificate;
  let second: DatabaseHandle | undefined;
  let nodes: Node[];
  const clients: MqttClient[] = [];
  const sweeps: PresenceSweep[] = [];

  const startNode = async (name: string, db: Db, timing?: PresenceTiming): Promise<Node> => {
    const ca = await platformCa(t);
    const server = await issueServerCertificate(ca, ['localhost', '127.0.0.1']);
    const presence = nodePresence(db, t.clock.now, name, timing);
    const registry = databaseGatewayRegistry(
      gatewaysRepository(db),
      gatewayCertificatesRepository(db),
      presence,
      t.clock.now,
      networkServerCertificatesRepository(db),
    );
    const broker = await startGatewayBroker({
      port: 0,
      host: '127.0.0.1',
      tls: { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem },
      registry,
    });
    return { name, db, presence, broker };
  };

  const startNodes = async (timing?: PresenceTiming) => {
    nodes = [await startNode('node-a', t.db, timing), await startNode('node-b', second?.db ?? t.db, timing)];
    return nodes as [Node, Node];
  };

  beforeEach(async () => {
    let company: string;
    ({ t, owner, company } = await oneCompany());
    gatewayRef = await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: GATEWAY, name: 'Roof' });
    cert = (await call(t.app, owner, 'POST', `/api/gateway/${gatewayRef}/cert`)).json<GatewayCertificate>();
    if (testDatabaseUrl) {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema;
      second = await openDatabase({ databaseUrl: t.databaseUrl, pgSchema: schema });
    }
  });
  afterEach(async () => {
    for (const sweep of sweeps.splice(0)) sweep.stop();
    for (const client of clients.splice(0)) client.end(true);
    for (const node of nodes) {
      node.presence.stop();
      await node.broker.close();
      await node.presence.settled();
    }
    await second?.close();
    second = undefined;
    await t.close();
  });

  const connect = async (node: Node): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${node.broker.port}`, {
      clientId: GATEWAY.toLowerCase(),
      ca: cert.ca_cert,
      cert: cert.tls_cert,
      key: cert.tls_key,
      servername: 'localhost',
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  };
  const gateway = async () => (await call(t.app, owner, 'GET', `/api/gateway/${gatewayRef}/`)).json<Gateway>();
  const notifications = async () => (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results;
  const holders = async () =>
    (await t.db.selectFrom('gateway_presence').select('node').where('gateway_id', '=', GATEWAY).orderBy('node').execute()).map((row) => row.node);
  const holdersAre = (expected: string[]) => async () => JSON.stringify(await holders()) === JSON.stringify(expected);
  /** The notifications once both nodes have written what their brokers reported so far. */
  const notificationsSettled = async () => {
    await Promise.all(nodes.map((node) => node.presence.settled()));
    return notifications();
  };

  it('raises no alert when the gateway moves from node A to node B, and exactly one when it then leaves', async () => {
    const [a, b] = await startNodes();
    const onA = await connect(a);
    expect(await until(holdersAre(['node-a']))).toBe(true);
    expect((await gateway()).connected).toBe(true);
    // The gateway reconnects to node B before node A notices its old connection is gone.
    const onB = await connect(b);
    expect(await until(holdersAre(['node-a', 'node-b']))).toBe(true);
    onA.end(true);
    expect(await until(holdersAre(['node-b']))).toBe(true);
    expect((await gateway()).connected).toBe(true);
    expect(await notificationsSettled()).toEqual([]);

    onB.end(true);
    expect(await until(async () => !(await gateway()).connected)).toBe(true);
    expect(await until(holdersAre([]))).toBe(true);
    expect(await until(async () => (await notifications()).length > 0)).toBe(true);
    expect(await notificationsSettled()).toEqual([expect.objectContaining({ kind: 'gateway_disconnected', title: 'Gateway disconnected: Roof' })]);
  });

  it('raises no alert when the gateway reconnects to the same node before its old connection is found dead', async () => {
    const [a] = await startNodes();
    const first = await connect(a);
    expect(await until(holdersAre(['node-a']))).toBe(true);
    // The same client id again: the broker ends the old connection and hands the session over.
    const second = await connect(a);
    expect(await until(() => !first.connected)).toBe(true);
    expect(second.connected).toBe(true);
    expect(await notificationsSettled()).toEqual([]);
    expect(await holders()).toEqual(['node-a']);
    expect((await gateway()).connected).toBe(true);

    second.end(true);
    expect(await until(async () => (await notifications()).length > 0)).toBe(true);
    expect(await notificationsSettled()).toHaveLength(1);
    expect(await holders()).toEqual([]);
  });

  it('raises exactly one alert when the gateway leaves both nodes at once', async () => {
    const [a, b] = await startNodes();
    const both = [await connect(a), await connect(b)];
    expect(await until(holdersAre(['node-a', 'node-b']))).toBe(true);
    for (const client of both) client.end(true);
    expect(await until(holdersAre([]))).toBe(true);
    expect(await until(async () => !(await gateway()).connected)).toBe(true);
    expect(await until(async () => (await notifications()).length > 0)).toBe(true);
    expect(await notificationsSettled()).toHaveLength(1);
  });

  it('alerts again for an outage after the gateway came back (folded into "flapping" within the window)', async () => {
    const [a, b] = await startNodes();
    (await connect(a)).end(true);
    expect(await until(async () => (await notifications()).length === 1)).toBe(true);
    await connect(b);
    expect(await until(async () => (await gateway()).connected)).toBe(true);
    clients.at(-1)?.end(true);
    expect(await until(async () => (await notifications())[0]?.kind === 'gateway_flapping')).toBe(true);
    expect(await notifications()).toEqual([expect.objectContaining({ is_read: false, params: expect.objectContaining({ count: 2 }) })]);
  });

  it('marks the gateways of a node that stops heartbeating disconnected once its heartbeat expires, once across nodes', async () => {
    // Small intervals, as configured: heartbeat every 100 ms, expiry after 3 s (room for a busy machine).
    const timing = loadConfig({ GATEWAY_HEARTBEAT_MS: '100', GATEWAY_PRESENCE_EXPIRY_MS: '3000' }).mqtt.presence;
    const [a, b] = await startNodes(timing);
    for (const node of [a, b]) {
      node.presence.start(() => undefined);
      const sweep = new PresenceSweep({
        presence: gatewayPresenceRepository(node.db),
        leases: jobLeasesRepository(node.db),
        notifications: notificationsRepository(node.db),
        now: t.clock.now,
        timing,
        node: node.name,
      });
      sweep.start(() => undefined);
      sweeps.push(sweep);
    }
    await connect(a);
    expect(await until(holdersAre(['node-a']))).toBe(true);
    const heartbeat = async () =>
      (await t.db.selectFrom('gateway_presence').select(['connected_at', 'heartbeat_at']).executeTakeFirst()) ?? { connected_at: '', heartbeat_at: '' };
    expect(await until(async () => ((row) => row.heartbeat_at > row.connected_at)(await heartbeat()))).toBe(true);

    // Node A hangs: its broker keeps the connection, but nothing it holds is refreshed any more.
    a.presence.stop();
    expect((await gateway()).connected).toBe(true);
    expect(await until(async () => !(await gateway()).connected)).toBe(true);
    expect(await holders()).toEqual([]);
    expect(await until(async () => (await notifications()).length > 0)).toBe(true);
    // The sweep has run again on the nodes since (its lease moved on twice): still one alert.
    await presenceSweptTwice(t.db);
    expect(await notifications()).toHaveLength(1);
    expect((await gateway()).connected).toBe(false);
  });

  it("connects a gateway again at its node's next heartbeat when it was marked disconnected while held", async () => {
    const [a] = await startNodes();
    await connect(a);
    expect(await until(holdersAre(['node-a']))).toBe(true);
    // As left by another node's release that overtook this node's hold on PostgreSQL.
    await t.db.updateTable('gateways').set({ connected: 0 }).where('gateway_id', '=', GATEWAY).execute();
    await a.presence.heartbeat();
    expect((await gateway()).connected).toBe(true);
  });

  it('connects a gateway again when its node comes back from a stall longer than the expiry', async () => {
    const [a] = await startNodes();
    await connect(a);
    expect(await until(holdersAre(['node-a']))).toBe(true);
    t.clock.advance(200_000);
    const sweep = new PresenceSweep({
      presence: gatewayPresenceRepository(t.db),
      leases: jobLeasesRepository(t.db),
      notifications: notificationsRepository(t.db),
      now: t.clock.now,
      timing: { heartbeatMs: 60_000, expiryMs: 180_000 },
      node: 'node-b',
    });
    expect(await sweep.run()).toBe(1);
    expect((await gateway()).connected).toBe(false);
    await a.presence.heartbeat();
    expect(await holders()).toEqual(['node-a']);
    expect((await gateway()).connected).toBe(true);
    // Swept again later, it is reported again (the reconnection cleared the outage), as the
    // second outage of a gateway flapping within the window.
    t.clock.advance(200_000);
    expect(await sweep.run()).toBe(1);
    expect(await notifications()).toEqual([expect.objectContaining({ kind: 'gateway_flapping', params: expect.objectContaining({ count: 2 }) })]);
  });
});
