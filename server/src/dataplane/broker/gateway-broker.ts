import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import {
  isNetworkServerLogin,
  presentedCertificate,
  sessionNamespace,
  type BrokerIdentity,
  type NetworkServerCredentials,
  type PresentedCertificate,
} from './identity.js';
import { mayPublish, maySubscribe, messageKind, type GatewayMessageKind } from './topics.js';

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
  /** Lets the network server in without a certificate (ChirpStack's `username`/`password`). */
  networkServer?: NetworkServerCredentials;
  onError?: (error: unknown) => void;
}

export interface RunningBroker {
  port: number;
  close(): Promise<void>;
}

const refusal = (message: string, returnCode: AuthenticateError['returnCode']): AuthenticateError => Object.assign(new Error(message), { returnCode });

/**
 * The embedded MQTT broker (DESIGN §6), TLS only. Gateways come with a client certificate of
 * the platform CA whose CN is a registered gateway ID and use their own topics only; the network
 * server comes with its own certificate or, without any certificate, with the configured user
 * name and password, and reaches every gateway (topics.ts has the rules).
 */
export async function startGatewayBroker(options: BrokerOptions): Promise<RunningBroker> {
  // MQTT 3.1 limits client ids to 23 characters; the session prefix below must fit in front.
  const broker = await Aedes.createBroker({ drainTimeout: 30_000, maxClientsIdLength: 23 + 'gateway/0000000000000000/'.length });
  const presentedBy = new WeakMap<Client, PresentedCertificate>();
  const identities = new WeakMap<Client, BrokerIdentity>();
  const gatewayOf = (client: Client | null) => {
    const identity = client ? identities.get(client) : undefined;
    return identity?.role === 'gateway' ? identity.gatewayId : undefined;
  };
  const report = (promise: Promise<void>) => promise.catch((error: unknown) => options.onError?.(error));

  broker.preConnect = (client, packet, done) => {
    const presented = presentedCertificate(client.conn as tls.TLSSocket);
    presentedBy.set(client, presented);
    if (packet.clientId) packet.clientId = sessionNamespace(presented) + packet.clientId;
    done(null, true);
  };

  broker.authenticate = (client, username, password, done) => {
    const presented = presentedBy.get(client) ?? 'refused';
    if (presented === 'refused') return done(refusal('Not authorised', 5), false);
    if (presented === 'none') {
      // Only the network server may come without a certificate, and only with its credentials.
      if (!isNetworkServerLogin(options.networkServer, username, password)) return done(refusal('Bad user name or password', 4), false);
      identities.set(client, { role: 'network-server' });
      return done(null, true);
    }
    // A certificate decides the role; user name and password sent with it change nothing.
    if (presented.role === 'network-server') {
      identities.set(client, presented);
      return done(null, true);
    }
    options.registry.isRegistered(presented.gatewayId).then(
      (registered) => {
        if (!registered) return done(refusal('Not authorised', 5), false);
        identities.set(client, presented);
        done(null, true);
      },
      () => done(refusal('Server unavailable', 3), false),
    );
  };

  broker.authorizePublish = (client, packet, callback) => {
    const identity = client ? identities.get(client) : undefined;
    callback(identity && mayPublish(identity, packet.topic) ? null : new Error(`publishing to ${packet.topic} is not allowed`));
  };

  broker.authorizeSubscribe = (client, subscription, callback) => {
    const identity = identities.get(client);
    // A refused subscription is answered with return code 128, the connection stays up.
    callback(null, identity && maySubscribe(identity, subscription.topic) ? subscription : null);
  };

  broker.on('client', (client) => {
    const gatewayId = gatewayOf(client);
    if (gatewayId) void report(options.registry.connected(gatewayId));
  });
  broker.on('clientDisconnect', (client) => {
    const gatewayId = gatewayOf(client);
    if (gatewayId) void report(options.registry.disconnected(gatewayId));
  });
  broker.on('publish', (packet, client) => {
    const gatewayId = gatewayOf(client);
    if (gatewayId) void report(options.registry.message(gatewayId, messageKind(packet.topic), packet.topic, Buffer.from(packet.payload)));
  });

  const server = tls.createServer(
    {
      key: options.tls.keyPem,
      cert: options.tls.certPem,
      ca: [options.tls.caPem],
      requestCert: true,
      // Password clients have no certificate, so with credentials configured the handshake lets
      // every client through and presentedCertificate() refuses foreign and expired ones instead.
      rejectUnauthorized: options.networkServer === undefined,
      minVersion: 'TLSv1.2',
    },
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
