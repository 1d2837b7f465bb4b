import mqtt, { type MqttClient } from 'mqtt';
import { startGatewayBroker, type GatewayRegistry, type RunningBroker } from '../../../server/src/dataplane/broker/gateway-broker.js';
import { databaseGatewayRegistry } from '../../../server/src/dataplane/broker/registry.js';
import { CertificateRevocations } from '../../../server/src/dataplane/broker/revocations.js';
import { issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { gatewayCertificatesRepository } from '../../../server/src/repositories/gateway-certificates.js';
import { gatewaysRepository } from '../../../server/src/repositories/gateways.js';
import type { GatewayCertificate } from '../../../server/src/schemas/gateways.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createRecord, twoCompanies, type TwoCompanies } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import { platformCa } from '../helpers/platform-ca.js';
import { nodePresence } from '../helpers/node-presence.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';
import { networkServerCertificatesRepository } from '../../../server/src/repositories/network-server-certificates.js';

/** The embedded broker on the test app's database and CA, the way startEmbeddedBroker wires it, on a free port. */
export interface BrokerHarness extends TwoCompanies {
  broker: RunningBroker;
  /** Topics of the messages the broker handed on, per gateway ID. */
  delivered: Map<string, string[]>;
  /** What the broker logged as warnings (refusals and drops). */
  warnings: string[];
  register(user: SignedIn, companyId: string, gatewayId: string): Promise<string>;
  issue(user: SignedIn, gatewayRef: string): Promise<GatewayCertificate>;
  /** Connects over TLS with the certificate; the client id is the gateway ID unless given. */
  connect(cert: Pick<GatewayCertificate, 'ca_cert' | 'tls_cert' | 'tls_key'>, clientId: string): Promise<MqttClient>;
  notifications(user: SignedIn): Promise<Notification[]>;
  close(): Promise<void>;
}

/** Certificates are checked again this often here (production: CERTIFICATE_RECHECK_MS), so the tests wait briefly for a drop. */
const RECHECK_MS = 100;

/**
 * `recheckMs`: how often the broker checks connected certificates by itself. `immediate`: the
 * app announces its revocations to the broker, as one node's app and broker share them.
 */
export async function brokerHarness({ recheckMs = RECHECK_MS, immediate = false }: { recheckMs?: number; immediate?: boolean } = {}): Promise<BrokerHarness> {
  const revocations = new CertificateRevocations();
  const companies = await twoCompanies({}, immediate ? { certificateRevocations: revocations } : {});
  const { t } = companies;
  const ca = await platformCa(t);
  const server = await issueServerCertificate(ca, ['localhost', '127.0.0.1']);
  const delivered = new Map<string, string[]>();
  const warnings: string[] = [];
  const database = databaseGatewayRegistry(
    gatewaysRepository(t.db),
    gatewayCertificatesRepository(t.db),
    nodePresence(t.db, t.clock.now),
    t.clock.now,
    networkServerCertificatesRepository(t.db),
  );
  const registry: GatewayRegistry = {
    ...database,
    message: async (gatewayId, kind, topic, payload) => {
      delivered.set(gatewayId, [...(delivered.get(gatewayId) ?? []), topic]);
      await database.message(gatewayId, kind, topic, payload);
    },
  };
  const broker = await startGatewayBroker({
    port: 0,
    host: '127.0.0.1',
    tls: { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem },
    registry,
    onWarning: (message) => warnings.push(message),
    certificateRecheckMs: recheckMs,
    revocations,
  });
  const clients: MqttClient[] = [];

  return {
    ...companies,
    broker,
    delivered,
    warnings,
    register: (user, companyId, gatewayId) => createRecord(t, user, '/api/gateway/', { company_id: companyId, gateway_id: gatewayId }),
    async issue(user, gatewayRef) {
      const response = await call(t.app, user, 'POST', `/api/gateway/${gatewayRef}/cert`);
      if (response.statusCode !== 201) throw new Error(`issuing answered ${response.statusCode}: ${response.body}`);
      return response.json<GatewayCertificate>();
    },
    async connect(cert, clientId) {
      const client = mqtt.connect(`mqtts://127.0.0.1:${broker.port}`, {
        clientId,
        ca: cert.ca_cert,
        cert: cert.tls_cert,
        key: cert.tls_key,
        servername: 'localhost',
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      clients.push(client);
      return new Promise<MqttClient>((resolve, reject) => {
        client.once('connect', () => resolve(client));
        client.once('error', reject);
        client.once('close', () => reject(new Error('closed before connecting')));
      });
    },
    async notifications(user) {
      return (await call(t.app, user, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results;
    },
    async close() {
      for (const client of clients) client.end(true);
      await broker.close();
      await t.close();
    },
  };
}

/** Waits until the client's connection has ended (the broker dropped it). */
export const dropped = (client: MqttClient): Promise<boolean> => until(() => !client.connected, 10_000);

/** A QoS 1 round trip: the broker acknowledged, so the connection is up and served. */
export async function answers(client: MqttClient, topic: string): Promise<boolean> {
  await client.publishAsync(topic, '{"rxPacketsReceived":1}', { qos: 1 });
  return client.connected;
}
