import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { createPlatformCa } from '../../../server/src/dataplane/pki/ca.js';
import { generateKeys, KEY_ALGORITHM, privateKeyPem, randomSerial, x509 } from '../../../server/src/dataplane/pki/crypto.js';
import { issueGatewayCertificate, issueNetworkServerCertificate, issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { startGatewayBroker, type GatewayRegistry, type RunningBroker } from '../../../server/src/dataplane/broker/gateway-broker.js';
import { until } from '../helpers/mqtt-broker.js';

const GATEWAY = '0016C001F153A14C';
const OTHER = '0016C001F153A14D';
// ChirpStack and its MQTT forwarder write gateway ids in lower case.
const gw = GATEWAY.toLowerCase();
const other = OTHER.toLowerCase();
const LOGIN = { username: 'chirpstack', password: 'a long broker password for tests' };

type Ca = Awaited<ReturnType<typeof createPlatformCa>>;
type Identity = { certPem: string; keyPem: string };

/** A client certificate with any subject, signed by the given CA: what only the CA key's holder can make. */
async function craftCertificate(ca: Ca, subject: string): Promise<Identity> {
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject,
    issuer: ca.certificate.subject,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: KEY_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    extensions: [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth], false)],
  });
  return { certPem: certificate.toString('pem'), keyPem: await privateKeyPem(keys.privateKey) };
}

/** Resolves with the first message on a topic matching `wanted`. */
function nextMessage(client: MqttClient, wanted: (topic: string) => boolean) {
  return new Promise<{ topic: string; payload: string }>((resolve) => {
    const listener = (topic: string, payload: Buffer) => {
      if (!wanted(topic)) return;
      client.off('message', listener);
      resolve({ topic, payload: payload.toString() });
    };
    client.on('message', listener);
  });
}

// The same behaviour for MQTT 3.1.1 clients and MQTT 5 ones (ChirpStack ≥ 4.7's gateway backend and
// the MQTT forwarder ≥ 4.2 speak only MQTT 5; its network server subscribes with a shared group).
const VERSIONS = [
  { protocolVersion: 4 as const, share: (filter: string) => filter, refused: { login: /Bad username or password/, identifier: /Identifier rejected/ } },
  {
    protocolVersion: 5 as const,
    share: (filter: string) => `$share/chirpstack/${filter}`,
    refused: { login: /Bad User Name or Password/, identifier: /Client Identifier not valid/ },
  },
];

describe.each(VERSIONS)('the network server on the embedded broker, MQTT $protocolVersion', ({ protocolVersion, share, refused }) => {
  let broker: RunningBroker;
  let ca: Ca;
  let networkServerCert: Identity;
  const uplinks: string[] = [];
  const registry: GatewayRegistry = {
    admitted: async (certificates) => certificates.filter((c) => c.gatewayId === GATEWAY || c.gatewayId === OTHER),
    networkServerAdmitted: async () => true,
    connected: async () => undefined,
    disconnected: async () => undefined,
    message: async (id, kind, topic) => void uplinks.push(`${kind} ${id} ${topic}`),
  };
  const clients: MqttClient[] = [];

  const connect = async (options: Partial<Identity> & IClientOptions = {}) => {
    const { certPem, keyPem, ...rest } = options;
    const client = mqtt.connect(`mqtts://127.0.0.1:${broker.port}`, {
      ca: ca.certPem,
      ...(certPem ? { cert: certPem, key: keyPem } : {}),
      servername: 'localhost',
      reconnectPeriod: 0,
      connectTimeout: 3000,
      protocolVersion,
      ...rest,
    });
    clients.push(client);
    return new Promise<MqttClient>((resolve, reject) => {
      client.once('connect', () => resolve(client));
      client.once('error', reject);
      client.once('close', () => reject(new Error('closed')));
    });
  };
  // A gateway's client id is its gateway ID (the MQTT forwarder's default).
  const gateway = async (id: string, options: IClientOptions = {}) =>
    connect({ clientId: id.toLowerCase(), ...(await issueGatewayCertificate(ca, id)), ...options });

  beforeAll(async () => {
    ca = await createPlatformCa();
    networkServerCert = await issueNetworkServerCertificate(ca);
    const server = await issueServerCertificate(ca, ['localhost', '127.0.0.1']);
    const tls = { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem };
    broker = await startGatewayBroker({ port: 0, host: '127.0.0.1', tls, registry, networkServer: LOGIN });
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await broker.close();
  });

  it.each([
    ['its certificate', () => ({ ...networkServerCert })],
    ['user name and password', () => ({ ...LOGIN })],
  ])("reads every gateway's frames, logged in with %s", async (_how, login) => {
    const networkServer = await connect(login());
    const granted = await networkServer.subscribeAsync([share('eu868/gateway/+/event/+'), share('eu868/gateway/+/state/+')], { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1, 1]);

    const frame = nextMessage(networkServer, (topic) => topic.endsWith('/event/up'));
    const state = nextMessage(networkServer, (topic) => topic.endsWith('/state/conn'));
    const own = await gateway(GATEWAY);
    await own.publishAsync(`eu868/gateway/${gw}/state/conn`, '{"state":"ONLINE"}', { qos: 1 });
    await own.publishAsync(`eu868/gateway/${gw}/event/up`, '{"phyPayload":"QAEC"}', { qos: 1 });
    expect(await frame).toEqual({ topic: `eu868/gateway/${gw}/event/up`, payload: '{"phyPayload":"QAEC"}' });
    expect(await state).toEqual({ topic: `eu868/gateway/${gw}/state/conn`, payload: '{"state":"ONLINE"}' });
    // The console still sees the frame as the registered (upper-case) gateway's.
    expect(await until(() => uplinks.includes(`up ${GATEWAY} eu868/gateway/${gw}/event/up`))).toBe(true);
    await own.endAsync();
    await networkServer.endAsync();
  });

  it('sends a command to one gateway, which no other gateway reads', async () => {
    const networkServer = await connect({ ...LOGIN });
    const own = await gateway(GATEWAY);
    const second = await gateway(OTHER);
    await own.subscribeAsync(`eu868/gateway/${gw}/command/+`, { qos: 1 });
    await second.subscribeAsync(`eu868/gateway/${other}/command/+`, { qos: 1 });
    // Neither the first gateway's commands nor anyone's frames, in any case of the id.
    await expect(second.subscribeAsync(`eu868/gateway/${gw}/command/+`)).rejects.toThrow(/Subscribe error/);
    await expect(second.subscribeAsync(`eu868/gateway/${GATEWAY}/command/+`)).rejects.toThrow(/Subscribe error/);
    await expect(second.subscribeAsync('eu868/gateway/+/event/+')).rejects.toThrow(/Subscribe error/);
    await expect(second.subscribeAsync(`eu868/gateway/${gw}/event/up`)).rejects.toThrow(/Subscribe error/);

    const seenBySecond: string[] = [];
    second.on('message', (topic) => seenBySecond.push(topic));
    const command = nextMessage(own, () => true);
    await networkServer.publishAsync(`eu868/gateway/${gw}/command/down`, '{"downlinkId":1}', { qos: 1 });
    expect(await command).toEqual({ topic: `eu868/gateway/${gw}/command/down`, payload: '{"downlinkId":1}' });
    // The second gateway's own command arrives after the first's would have: it got only its own.
    const ownCommand = nextMessage(second, () => true);
    await networkServer.publishAsync(`eu868/gateway/${other}/command/down`, '{"downlinkId":2}', { qos: 1 });
    expect((await ownCommand).payload).toBe('{"downlinkId":2}');
    expect(seenBySecond).toEqual([`eu868/gateway/${other}/command/down`]);
  });

  it('lets a gateway neither send commands nor publish as another gateway', async () => {
    const networkServer = await connect({ ...networkServerCert });
    await networkServer.subscribeAsync(share('eu868/gateway/+/event/+'), { qos: 1 });
    const received: string[] = [];
    networkServer.on('message', (_topic, payload) => received.push(payload.toString()));
    const own = await gateway(GATEWAY);
    const dropped = new Promise<void>((resolve) => own.once('close', () => resolve()));
    own.publish(`eu868/gateway/${other}/event/up`, 'forged');
    await dropped;
    // A genuine frame sent afterwards is the only one the network server gets.
    const second = await gateway(OTHER);
    const next = nextMessage(networkServer, () => true);
    await second.publishAsync(`eu868/gateway/${other}/event/up`, 'genuine', { qos: 1 });
    await next;
    expect(received).toEqual(['genuine']);

    const commanding = await gateway(GATEWAY);
    const droppedAgain = new Promise<void>((resolve) => commanding.once('close', () => resolve()));
    commanding.publish(`eu868/gateway/${gw}/command/down`, 'self-made');
    await droppedAgain;
  });

  it('keeps the network server on when a gateway takes its client id', async () => {
    const networkServer = await connect({ ...LOGIN, clientId: 'chirpstack-eu868', clean: false });
    await networkServer.subscribeAsync(share('eu868/gateway/+/event/+'), { qos: 1 });
    // Same client id, persistent session: refused, as any client id but its own gateway ID. (The
    // per-identity session prefix would keep it apart from the network server's session anyway.)
    await expect(gateway(OTHER, { clientId: 'chirpstack-eu868', clean: false })).rejects.toThrow(refused.identifier);
    const own = await gateway(OTHER);
    const frame = nextMessage(networkServer, () => true);
    await own.publishAsync(`eu868/gateway/${other}/event/up`, 'still listening', { qos: 1 });
    expect((await frame).payload).toBe('still listening');
    expect(networkServer.connected).toBe(true);
  });

  it.each([
    ['a wrong password', () => ({ username: LOGIN.username, password: 'a long broker password for test' })],
    ['a wrong user name', () => ({ username: 'chirpstack2', password: LOGIN.password })],
    ['no credentials', () => ({})],
    ['only a user name', () => ({ username: LOGIN.username })],
  ])('refuses a client without certificate and with %s', async (_what, login) => {
    await expect(connect(login())).rejects.toThrow(refused.login);
  });

  it('refuses foreign and expired certificates, even with the right password', async () => {
    const foreign = await createPlatformCa();
    await expect(connect({ ...(await issueNetworkServerCertificate(foreign)), ...LOGIN })).rejects.toThrow(/Not authorized/);
    const expired = await issueNetworkServerCertificate(ca, { notBefore: new Date('2020-01-01'), notAfter: new Date('2021-01-01') });
    await expect(connect({ ...expired, ...LOGIN })).rejects.toThrow(/Not authorized/);
    await expect(connect({ ...(await issueGatewayCertificate(foreign, GATEWAY)), ...LOGIN })).rejects.toThrow(/Not authorized/);
  });

  it('gives the network server role to no other certificate of the platform CA', async () => {
    await expect(issueGatewayCertificate(ca, 'network-server')).rejects.toThrow(/16 upper-case hex/);
    await expect(connect(await craftCertificate(ca, 'CN=network-server, O=LoRa Console gateways'))).rejects.toThrow(/Not authorized/);
    await expect(connect(await craftCertificate(ca, 'CN=network-server'))).rejects.toThrow(/Not authorized/);
    await expect(connect(await craftCertificate(ca, `CN=${GATEWAY}, O=LoRa Console network server`))).rejects.toThrow(/Not authorized/);
    // A gateway that also knows the password stays a gateway: its certificate decides.
    const gatewayWithPassword = await gateway(GATEWAY, { ...LOGIN });
    await expect(gatewayWithPassword.subscribeAsync('eu868/gateway/+/event/+')).rejects.toThrow(/Subscribe error/);
  });
});
