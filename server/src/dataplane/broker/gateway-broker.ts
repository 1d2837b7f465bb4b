import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { isOwnTopic, messageKind, type GatewayMessageKind } from './topics.js';
import { isStoredEui } from '../../domain/eui.js';

/** What the broker needs to know about gateways; the server implements it on the database. */
export interface GatewayRegistry {
  isRegistered(gatewayId: string): Promise<boolean>;
  connected(gatewayId: string): Promise<void>;
  disconnected(gatewayId: string): Promise<void>;
  message(gatewayId: string, kind: GatewayMessageKind, topic: string, payload: Buffer): Promise<void>;
}

export interface BrokerOptions {
  port: number;
  host?: string;
  tls: { caPem: string; certPem: string; keyPem: string };
  registry: GatewayRegistry;
  onError?: (error: unknown) => void;
}

export interface RunningBroker {
  port: number;
  close(): Promise<void>;
}

const notAuthorised = (): AuthenticateError => Object.assign(new Error('Not authorised'), { returnCode: 5 as const });

/**
 * The embedded MQTT broker for gateways (DESIGN §6): TLS with client certificates of the
 * platform CA only; the certificate's CN must be a registered gateway ID, and that gateway may
 * publish and subscribe under its own `<region>/gateway/<id>/…` topics only.
 */
export async function startGatewayBroker(options: BrokerOptions): Promise<RunningBroker> {
  const broker = await Aedes.createBroker({ drainTimeout: 30_000 });
  const gatewayOf = new WeakMap<Client, string>();
  const report = (promise: Promise<void>) => promise.catch((error: unknown) => options.onError?.(error));

  broker.authenticate = (client, _username, _password, done) => {
    const socket = client.conn as tls.TLSSocket;
    // The TLS layer already refused unsigned, foreign and expired certificates.
    const commonName = socket.authorized ? socket.getPeerCertificate().subject?.CN : undefined;
    const gatewayId = typeof commonName === 'string' && isStoredEui(commonName) ? commonName : undefined;
    if (!gatewayId) return done(notAuthorised(), false);
    options.registry.isRegistered(gatewayId).then(
      (registered) => {
        if (!registered) return done(notAuthorised(), false);
        gatewayOf.set(client, gatewayId);
        done(null, true);
      },
      () => done(Object.assign(new Error('Server unavailable'), { returnCode: 3 as const }), false),
    );
  };

  broker.authorizePublish = (client, packet, callback) => {
    const gatewayId = client ? gatewayOf.get(client) : undefined;
    callback(gatewayId && isOwnTopic(packet.topic, gatewayId) ? null : new Error(`publishing to ${packet.topic} is not allowed`));
  };

  broker.authorizeSubscribe = (client, subscription, callback) => {
    const gatewayId = gatewayOf.get(client);
    // A refused subscription is answered with return code 128, the connection stays up.
    callback(null, gatewayId && isOwnTopic(subscription.topic, gatewayId) ? subscription : null);
  };

  broker.on('client', (client) => {
    const gatewayId = gatewayOf.get(client);
    if (gatewayId) void report(options.registry.connected(gatewayId));
  });
  broker.on('clientDisconnect', (client) => {
    const gatewayId = gatewayOf.get(client);
    if (gatewayId) void report(options.registry.disconnected(gatewayId));
  });
  broker.on('publish', (packet, client) => {
    const gatewayId = client ? gatewayOf.get(client) : undefined;
    if (gatewayId) void report(options.registry.message(gatewayId, messageKind(packet.topic), packet.topic, Buffer.from(packet.payload)));
  });

  const server = tls.createServer(
    { key: options.tls.keyPem, cert: options.tls.certPem, ca: [options.tls.caPem], requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    (socket) => broker.handle(socket),
  );
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });

  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
