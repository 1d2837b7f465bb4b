import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { createPlatformCa } from '../../../server/src/dataplane/pki/ca.js';
import { issueGatewayCertificate, issueNetworkServerCertificate, issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { startGatewayBroker, type GatewayRegistry, type RunningBroker } from '../../../server/src/dataplane/broker/gateway-broker.js';
import { mayPublish, maySubscribe } from '../../../server/src/dataplane/broker/topics.js';
import { until } from '../helpers/mqtt-broker.js';

const GATEWAY = '0016C001F153A14C';
const OTHER = '0016C001F153A14D';
const UNREGISTERED = '0016C001F153A14E';

/** The registry as the broker sees it, recording what it was told (one layer under test). */
function recordingRegistry(registered: string[]) {
  const events: string[] = [];
  const registry: GatewayRegistry = {
    admitted: async (certificates) => certificates.filter((c) => registered.includes(c.gatewayId)),
    networkServerAdmitted: async () => true,
    connected: async (id) => void events.push(`connected ${id}`),
    disconnected: async (id) => void events.push(`disconnected ${id}`),
    message: async (id, kind, topic, payload) => void events.push(`${kind} ${id} ${topic} ${payload.toString()}`),
  };
  return { registry, events };
}

describe('gateway MQTT broker', () => {
  let broker: RunningBroker;
  let ca: Awaited<ReturnType<typeof createPlatformCa>>;
  const { registry, events } = recordingRegistry([GATEWAY, OTHER]);
  const clients: MqttClient[] = [];

  // A gateway connects with its gateway ID as client id (the MQTT forwarder's default), read from its certificate.
  const connect = (identity: { certPem?: string; keyPem?: string; caPem?: string }) => {
    const commonName = identity.certPem ? /CN=([0-9A-F]{16})/.exec(new X509Certificate(identity.certPem).subject)?.[1] : undefined;
    const client = mqtt.connect(`mqtts://127.0.0.1:${broker.port}`, {
      ...(commonName ? { clientId: commonName.toLowerCase() } : {}),
      ca: ca.certPem,
      ...(identity.certPem ? { cert: identity.certPem, key: identity.keyPem } : {}),
      rejectUnauthorized: true,
      servername: 'localhost',
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(client);
    return new Promise<MqttClient>((resolve, reject) => {
      client.once('connect', () => resolve(client));
      client.once('error', reject);
      client.once('close', () => reject(new Error('closed')));
    });
  };

  beforeAll(async () => {
    ca = await createPlatformCa();
    const server = await issueServerCertificate(ca, ['localhost', '127.0.0.1']);
    broker = await startGatewayBroker({ port: 0, host: '127.0.0.1', tls: { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem }, registry });
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await broker.close();
  });

  it('accepts a registered gateway with its certificate and reports connect and disconnect', async () => {
    const cert = await issueGatewayCertificate(ca, GATEWAY);
    const client = await connect(cert);
    expect(await until(() => events.includes(`connected ${GATEWAY}`))).toBe(true);
    await client.endAsync();
    expect(await until(() => events.includes(`disconnected ${GATEWAY}`))).toBe(true);
  });

  it("admits the network server's certificate, which reads every gateway's events", async () => {
    const networkServer = await connect(await issueNetworkServerCertificate(ca));
    expect((await networkServer.subscribeAsync('eu868/gateway/+/event/+'))[0]?.qos).toBe(0);
  });

  it('refuses a client without a certificate', async () => {
    await expect(connect({})).rejects.toThrow();
  });

  it('refuses a certificate from another CA', async () => {
    const foreign = await createPlatformCa();
    await expect(connect(await issueGatewayCertificate(foreign, GATEWAY))).rejects.toThrow();
  });

  it('refuses an expired certificate', async () => {
    const expired = await issueGatewayCertificate(ca, GATEWAY, { notBefore: new Date('2020-01-01'), notAfter: new Date('2021-01-01') });
    await expect(connect(expired)).rejects.toThrow();
  });

  it('refuses the certificate of an unregistered gateway', async () => {
    await expect(connect(await issueGatewayCertificate(ca, UNREGISTERED))).rejects.toThrow(/Not authorized|Connection refused/i);
  });

  it("delivers a gateway's own messages and refuses another gateway's topics", async () => {
    const own = await connect(await issueGatewayCertificate(ca, GATEWAY));
    const granted = await own.subscribeAsync(`eu868/gateway/${GATEWAY}/command/#`);
    expect(granted[0]?.qos).toBe(0);
    // A refused subscription comes back with return code 128, which the client reports as an error.
    await expect(own.subscribeAsync(`eu868/gateway/${OTHER}/event/#`)).rejects.toThrow(/Subscribe error/);
    await expect(own.subscribeAsync('#')).rejects.toThrow(/Subscribe error/);
    expect(own.connected).toBe(true);

    await own.publishAsync(`eu868/gateway/${GATEWAY}/event/stats`, '{"rxPacketsReceived":3}');
    expect(await until(() => events.includes(`stats ${GATEWAY} eu868/gateway/${GATEWAY}/event/stats {"rxPacketsReceived":3}`))).toBe(true);

    const other = await connect(await issueGatewayCertificate(ca, OTHER));
    await other.subscribeAsync(`eu868/gateway/${OTHER}/command/down`);
    const received: string[] = [];
    other.on('message', (topic) => received.push(topic));
    // A command to another gateway: refused, and the connection is dropped.
    own.publish(`eu868/gateway/${OTHER}/command/down`, 'forged');
    expect(await until(() => own.disconnecting || !own.connected)).toBe(true);
    expect(received).toEqual([]);
    expect(events.some((e) => e.includes('forged'))).toBe(false);
  });
});

describe('topic rules', () => {
  const gateway = { role: 'gateway', gatewayId: GATEWAY, serial: '1' } as const;
  const networkServer = { role: 'network-server' } as const;
  const lower = GATEWAY.toLowerCase();

  it.each([
    [`eu868/gateway/${GATEWAY}/event/up`, true],
    [`eu868/gateway/${lower}/event/up`, true],
    [`eu868/gateway/${lower}/state/conn`, true],
    ['eu868/gateway/0016c001F153A14C/event/stats', true],
    // Commands come from the network server only, also those to the gateway itself.
    [`eu868/gateway/${lower}/command/down`, false],
    [`eu868/gateway/${OTHER}/event/up`, false],
    [`eu868/gateway/${OTHER.toLowerCase()}/event/up`, false],
    ['eu868/gateway/+/event/up', false],
    [`eu868/gateway/${GATEWAY}/event`, false],
    [`eu868/gateway/${GATEWAY}/event/up/extra`, false],
    [`$SYS/gateway/${GATEWAY}/event/up`, false],
  ])('a gateway publishes %s → %s', (topic, allowed) => {
    expect(mayPublish(gateway, topic)).toBe(allowed);
  });

  it.each([
    [`eu868/gateway/${GATEWAY}/command/+`, true],
    [`eu868/gateway/${lower}/command/+`, true],
    [`+/gateway/${lower}/command/down`, true],
    [`eu868/gateway/${GATEWAY}/command/#`, true],
    [`eu868/gateway/${GATEWAY}/event/up`, false],
    [`+/gateway/${GATEWAY}/#`, false],
    [`eu868/gateway/${OTHER.toLowerCase()}/command/+`, false],
    ['eu868/gateway/+/command/+', false],
    ['eu868/gateway/+/event/+', false],
    ['#', false],
    [`#/gateway/${GATEWAY}/command/x`, false],
    [`$SYS/gateway/${GATEWAY}/command/+`, false],
  ])('a gateway subscribes to %s → %s', (filter, allowed) => {
    expect(maySubscribe(gateway, filter)).toBe(allowed);
  });

  it('does not take other text for the id because it upper-cases to it', () => {
    // U+FB00 is the ligature "ﬀ", whose upper case is "FF".
    const ffGateway = { role: 'gateway', gatewayId: 'FFFFFFFFFFFFFFFF', serial: '1' } as const;
    expect(mayPublish(ffGateway, 'eu868/gateway/ffffffffffffffff/event/up')).toBe(true);
    expect(mayPublish(ffGateway, `eu868/gateway/${'\uFB00'.repeat(8)}/event/up`)).toBe(false);
  });

  it.each([
    ['eu868/gateway/+/event/+', true],
    ['eu868/gateway/+/state/+', true],
    [`eu868/gateway/${lower}/event/up`, true],
    ['+/gateway/+/event/#', true],
    ['eu868/gateway/+/command/+', false],
    ['eu868/gateway/+/+/+', false],
    ['eu868/gateway/#', false],
    ['eu868/#', false],
    ['#', false],
    ['application/+/device/+/event/+', false],
    ['$SYS/#', false],
  ])('the network server subscribes to %s → %s', (filter, allowed) => {
    expect(maySubscribe(networkServer, filter)).toBe(allowed);
  });

  it.each([
    [`eu868/gateway/${lower}/command/down`, true],
    [`eu868/gateway/${GATEWAY}/command/config`, true],
    [`eu868/gateway/${lower}/event/up`, false],
    [`eu868/gateway/${lower}/state/conn`, false],
    ['eu868/gateway/not-an-eui/command/down', false],
    [`eu868/gateway/${lower}/command`, false],
    [`$SYS/gateway/${lower}/command/down`, false],
  ])('the network server publishes %s → %s', (topic, allowed) => {
    expect(mayPublish(networkServer, topic)).toBe(allowed);
  });
});
