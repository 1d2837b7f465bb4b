import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import {
  isNetworkServerLogin,
  isOwnClientId,
  presentedCertificate,
  sessionNamespace,
  type BrokerIdentity,
  type NetworkServerCredentials,
  type PresentedCertificate,
} from './identity.js';
import { mayPublish, maySubscribe, messageKind, type GatewayMessageKind } from './topics.js';
import { MAX_PACKET_BYTES, PacketSizeGuard } from './packet-size.js';
import { GATEWAY_PUBLISH_RATE, PublishRate } from './publish-rate.js';
import { watchCertificates, CERTIFICATE_RECHECK_MS } from './certificate-watch.js';
import type { CertificateRevocations } from './revocations.js';
import { bridgeMqtt5, readProtocolLevel, type BridgedConnection } from './mqtt5-bridge.js';

/** The protocol level of MQTT 5 in CONNECT; 3.1.1 (4) and 3.1 (3) go to aedes as they are. */
const MQTT_5 = 5;

/** A gateway's client certificate as the broker saw it in the TLS handshake. */
export interface GatewayCertificateRef {
  gatewayId: string;
  /** Normalised (domain/certificate-serial.ts). */
  serial: string;
}

/** What the broker needs to know about gateways; the server implements it on the database. */
export interface GatewayRegistry {
  /** Of these certificates, those admitted now (the same objects): issued to the registered gateway of their ID, and not revoked. */
  admitted<T extends GatewayCertificateRef>(certificates: readonly T[]): Promise<T[]>;
  /** Whether the network server's certificate of this serial is admitted (recorded and not revoked; npm run network-server:cert). */
  networkServerAdmitted(serial: string): Promise<boolean>;
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
  /** A client refused or dropped for what it did (oversized packet, publish flood, revoked certificate). */
  onWarning?: (message: string) => void;
  /** How often connected gateways' certificates are checked again (tests shorten it). */
  certificateRecheckMs?: number;
  /** Revocations made on this node, checked at once rather than at the next recheck. */
  revocations?: Pick<CertificateRevocations, 'subscribe'>;
}

export interface RunningBroker {
  port: number;
  close(): Promise<void>;
}

const refusal = (message: string, returnCode: AuthenticateError['returnCode']): AuthenticateError => Object.assign(new Error(message), { returnCode });

/**
 * The embedded MQTT broker (DESIGN §6), TLS only. Gateways come with a client certificate of
 * the platform CA that is their current one (issued to the registered gateway of its CN, not
 * revoked), connect with their gateway ID as client id, use their own topics only, within a
 * packet size and a publish rate; the network
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
  const publishRates = new WeakMap<Client, PublishRate>();
  /** The client id as the client sent it, before the session prefix. */
  const clientIds = new WeakMap<Client, string>();

  broker.preConnect = (client, packet, done) => {
    const presented = presentedCertificate(client.conn as tls.TLSSocket | BridgedConnection);
    presentedBy.set(client, presented);
    clientIds.set(client, packet.clientId);
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
      return void options.registry.networkServerAdmitted(presented.serial ?? '').then(
        (admitted) => {
          if (!admitted) {
            options.onWarning?.(`network server refused: its certificate ${presented.serial ?? ''} was revoked`);
            return done(refusal('Not authorised', 5), false);
          }
          identities.set(client, presented);
          done(null, true);
        },
        () => done(refusal('Server unavailable', 3), false),
      );
    }
    // Refused before the session is taken: the gateway holding that id stays connected.
    if (!isOwnClientId(presented.gatewayId, clientIds.get(client) ?? '')) {
      options.onWarning?.(`gateway ${presented.gatewayId} refused: client id ${JSON.stringify(clientIds.get(client))} is not its gateway ID`);
      return done(refusal('Identifier rejected', 2), false);
    }
    options.registry.admitted([presented]).then(
      (admitted) => {
        if (admitted.length === 0) return done(refusal('Not authorised', 5), false);
        identities.set(client, presented);
        publishRates.set(client, new PublishRate(GATEWAY_PUBLISH_RATE));
        done(null, true);
      },
      () => done(refusal('Server unavailable', 3), false),
    );
  };

  broker.authorizePublish = (client, packet, callback) => {
    const identity = client ? identities.get(client) : undefined;
    if (!identity || !mayPublish(identity, packet.topic)) return callback(new Error(`publishing to ${packet.topic} is not allowed`));
    // An error ends the connection (MQTT 3.1.1 cannot refuse one publish): a flooding gateway is dropped.
    const rate = client ? publishRates.get(client) : undefined;
    if (rate && !rate.take()) {
      options.onWarning?.(`gateway ${gatewayOf(client) ?? ''} disconnected: more than ${GATEWAY_PUBLISH_RATE.perSecond} messages a second`);
      return callback(new Error('publish rate exceeded'));
    }
    callback(null);
  };

  broker.authorizeSubscribe = (client, subscription, callback) => {
    const identity = identities.get(client);
    // A refused subscription is answered with return code 128, the connection stays up.
    callback(null, identity && maySubscribe(identity, subscription.topic) ? subscription : null);
  };

  const gatewayClients = new Set<Client>();
  // Connections this node drops because it shuts down are not reported as gone: their gateways
  // reconnect to another node (or this one restarted), and the presence of those that do not expires.
  let closing = false;
  broker.on('client', (client) => {
    const identity = identities.get(client);
    if (identity?.role === 'network-server' && identity.serial !== undefined) networkServerClients.set(client, identity.serial);
    const gatewayId = gatewayOf(client);
    if (!gatewayId) return;
    gatewayClients.add(client);
    void report(options.registry.connected(gatewayId));
  });
  broker.on('clientDisconnect', (client) => {
    networkServerClients.delete(client);
    const gatewayId = gatewayOf(client);
    // aedes also reports a client that never got registered (a successor failing mid-connect).
    if (!gatewayId || !gatewayClients.delete(client) || closing) return;
    // In a session takeover aedes ends the old connection just before it registers the new one:
    // the presence write of the old one's end finds the new one counted and leaves (presence.ts).
    void report(options.registry.disconnected(gatewayId));
  });
  // Certificates revoked while their gateway is connected (a new one issued, the gateway deleted).
  const watch = watchCertificates({
    everyMs: options.certificateRecheckMs ?? CERTIFICATE_RECHECK_MS,
    connected: () =>
      [...gatewayClients].flatMap((client) => {
        const identity = identities.get(client);
        return identity?.role === 'gateway' ? [{ client, certificate: identity }] : [];
      }),
    admitted: (certificates) => options.registry.admitted(certificates),
    revoked: (client, certificate) => {
      options.onWarning?.(`gateway ${certificate.gatewayId} disconnected: its certificate ${certificate.serial} was revoked or its company suspended`);
      client.close();
    },
    onError: (error) => options.onError?.(error),
  });
  const unsubscribe = options.revocations?.subscribe(() => watch.checkNow());
  // The network server's certificate is revoked by the operator's command, another process: each
  // node's check finds it in the database and drops the connection.
  const networkServerClients = new Map<Client, string>();
  const networkServerWatch = watchCertificates<string>({
    everyMs: options.certificateRecheckMs ?? CERTIFICATE_RECHECK_MS,
    connected: () => [...networkServerClients].map(([client, serial]) => ({ client, certificate: serial })),
    admitted: async (serials) => {
      const answers = await Promise.all(serials.map((serial) => options.registry.networkServerAdmitted(serial)));
      return serials.filter((_serial, index) => answers[index]);
    },
    revoked: (client, serial) => {
      options.onWarning?.(`network server disconnected: its certificate ${serial} was revoked`);
      client.close();
    },
    onError: (error) => options.onError?.(error),
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
    (socket) => {
      // Each chunk a client sends is checked, from the first CONNECT on.
      const guard = new PacketSizeGuard(MAX_PACKET_BYTES);
      const withinSize = (chunk: Buffer) => {
        if (guard.accept(chunk)) return true;
        options.onWarning?.(`client ${socket.remoteAddress ?? ''} disconnected: a packet larger than ${MAX_PACKET_BYTES} bytes`);
        socket.destroy();
        return false;
      };
      void readProtocolLevel(socket).then(({ level, bytes }) => {
        if (socket.destroyed || !withinSize(bytes)) return;
        if (level === MQTT_5) {
          bridgeMqtt5(socket, bytes, (connection) => broker.handle(connection));
        } else {
          socket.unshift(bytes);
          broker.handle(socket);
        }
        // Added after aedes's 'readable' listener, so it sees each chunk aedes reads without taking over the flow.
        socket.on('data', withinSize);
      });
    },
  );
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });

  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      closing = true;
      unsubscribe?.();
      watch.stop();
      networkServerWatch.stop();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
