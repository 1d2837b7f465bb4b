import { Duplex } from 'node:stream';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import {
  generate,
  parser,
  type IConnackPacket,
  type IPubackPacket,
  type IPubcompPacket,
  type IPublishPacket,
  type IPubrecPacket,
  type IPubrelPacket,
  type Packet,
} from 'mqtt-packet';
import { MAX_PACKET_BYTES } from './packet-size.js';

/**
 * MQTT 5 clients on a broker that speaks MQTT 3.1.1 (aedes 1.x). ChirpStack ≥ 4.7's gateway backend
 * and the ChirpStack MQTT forwarder ≥ 4.2 connect with MQTT 5 only. Each such connection is carried
 * to the broker as an MQTT 3.1.1 connection over an in-process stream, packet by packet: the broker
 * authenticates and authorises it exactly like every other client (the stream shows it the TLS
 * socket's certificate), and the client sees MQTT 5 answers with MQTT 5 reason codes.
 *
 * What MQTT 3.1.1 cannot carry is left out: properties (user properties, message expiry), topic
 * aliases (not offered: the CONNACK grants none), and a shared subscription's group, so
 * `$share/<group>/<filter>` subscribes to `<filter>` — every subscriber gets every message, as with
 * one ChirpStack instance (its gateway backend dedups uplinks across instances in Redis anyway).
 */

/** The protocol level a CONNECT packet asks for (4 for 3.1.1, 5 for MQTT 5), 'more' until enough bytes arrived, undefined when the bytes are no CONNECT. */
export function connectProtocolLevel(bytes: Buffer): number | 'more' | undefined {
  if (bytes.length < 1) return 'more';
  if (bytes[0] !== 0x10) return undefined;
  let at = 1;
  // Remaining length: up to four bytes, continued while the top bit is set.
  for (;;) {
    if (at >= bytes.length) return 'more';
    if (at > 4) return undefined;
    if (((bytes[at++] as number) & 0x80) === 0) break;
  }
  if (bytes.length < at + 2) return 'more';
  const nameLength = bytes.readUInt16BE(at);
  const levelAt = at + 2 + nameLength;
  return levelAt < bytes.length ? bytes[levelAt] : 'more';
}

/** How long a new connection may take to say which MQTT it speaks (aedes's own connect timeout). */
const FIRST_PACKET_MS = 30_000;

/**
 * Reads a new connection's first bytes until its CONNECT says the protocol level; the bytes are
 * handed back with it (nothing is lost). A connection that says nothing in time is closed.
 */
export function readProtocolLevel(socket: TLSSocket): Promise<{ level: number | undefined; bytes: Buffer }> {
  return new Promise((resolve) => {
    let bytes = Buffer.alloc(0);
    socket.setTimeout(FIRST_PACKET_MS, () => socket.destroy());
    const onData = (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      const level = connectProtocolLevel(bytes);
      if (level === 'more') return;
      socket.off('data', onData);
      socket.pause();
      socket.setTimeout(0);
      resolve({ level, bytes });
    };
    socket.on('data', onData);
  });
}

/** MQTT 3.1.1 CONNACK return codes as MQTT 5 reason codes (MQTT 5, 3.2.2.2). */
const CONNACK_REASONS: Record<number, number> = { 0: 0x00, 1: 0x84, 2: 0x85, 3: 0x88, 4: 0x86, 5: 0x87 };
/** A subscription the broker refused (3.1.1: 0x80) is one the client was not authorised for. */
const SUBSCRIPTION_REFUSED = 0x87;
const PROTOCOL_ERROR = 0x82;

/** A shared subscription's filter without its group (MQTT 5, 4.8.2). */
export const withoutShareGroup = (filter: string): string => (filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter);

/** One end of an in-process pipe; what is written to it is read from its peer. */
class PipeEnd extends Duplex {
  peer?: PipeEnd;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.peer?.push(chunk);
    done();
  }
  override _final(done: (error?: Error | null) => void): void {
    this.peer?.push(null);
    done();
  }
  override _read(): void {}
  // An end destroyed (aedes drops a client that way) ends its peer once the peer has read what was sent.
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (this.peer && !this.peer.readableEnded) this.peer.push(null);
    done(error);
  }
}

/** The broker's end: it looks at the client's certificate through it (identity.ts). */
export class BridgedConnection extends PipeEnd {
  constructor(private readonly socket: TLSSocket) {
    super();
  }
  get authorized(): boolean {
    return this.socket.authorized;
  }
  get remoteAddress(): string | undefined {
    return this.socket.remoteAddress;
  }
  getPeerCertificate(): PeerCertificate {
    return this.socket.getPeerCertificate();
  }
}

/**
 * Carries an MQTT 5 client's TLS socket to the broker: `handle` receives the broker's end (an
 * MQTT 3.1.1 connection). `firstBytes` are the bytes already read from the socket (the CONNECT).
 */
export function bridgeMqtt5(socket: TLSSocket, firstBytes: Buffer, handle: (connection: BridgedConnection) => void): void {
  const toBroker = new PipeEnd();
  const broker = new BridgedConnection(socket);
  toBroker.peer = broker;
  broker.peer = toBroker;

  const fromClient = parser({ protocolVersion: 5 });
  const fromBroker = parser({ protocolVersion: 4 });
  const toClient = (packet: Packet) => socket.writable && socket.write(generate(packet, { protocolVersion: 5 }));
  const send = (packet: Packet) => toBroker.writable && toBroker.write(generate(packet, { protocolVersion: 4 }));
  /** Topic filters of each unsubscribe in flight: MQTT 5's UNSUBACK answers each one. */
  const unsubscribing = new Map<number, number>();
  const end = (reasonCode?: number) => {
    if (reasonCode !== undefined) toClient({ cmd: 'disconnect', reasonCode });
    socket.end();
    toBroker.destroy();
  };

  fromClient.on('packet', (packet: Packet) => {
    const translated = towardsBroker(packet, unsubscribing);
    if (translated === 'refuse') return end(PROTOCOL_ERROR);
    if (translated) send(translated);
  });
  fromBroker.on('packet', (packet: Packet) => {
    const translated = towardsClient(packet, unsubscribing);
    if (translated) toClient(translated);
  });
  fromClient.on('error', () => end(PROTOCOL_ERROR));
  fromBroker.on('error', () => end());

  socket.on('data', (chunk: Buffer) => fromClient.parse(chunk));
  toBroker.on('data', (chunk: Buffer) => fromBroker.parse(chunk));
  // The broker ending the connection (a refused login, a revoked certificate) ends the client's.
  toBroker.on('end', () => socket.end());
  toBroker.on('error', () => socket.destroy());
  socket.on('close', () => toBroker.destroy());
  socket.on('error', () => toBroker.destroy());

  handle(broker);
  fromClient.parse(firstBytes);
  // readProtocolLevel paused the socket to hand back its first bytes.
  socket.resume();
}

/** A publish or one of its acknowledgements: the same in both versions once properties and reason codes are left out. */
function messageFlow(packet: IPublishPacket | IPubackPacket | IPubrecPacket | IPubrelPacket | IPubcompPacket): Packet {
  if (packet.cmd !== 'publish') return { cmd: packet.cmd, messageId: packet.messageId };
  const { topic, payload, qos, retain, dup, messageId } = packet;
  return { cmd: 'publish', topic, payload, qos, retain, dup, messageId };
}

/** An MQTT 5 packet from the client as the broker's MQTT 3.1.1; 'refuse' for what cannot be carried. */
function towardsBroker(packet: Packet, unsubscribing: Map<number, number>): Packet | 'refuse' | undefined {
  switch (packet.cmd) {
    case 'connect': {
      // A session outliving the connection is 3.1.1's persistent session (clean = false).
      const keepsSession = (packet.properties?.sessionExpiryInterval ?? 0) > 0;
      const { will } = packet;
      return {
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clientId: packet.clientId,
        clean: !keepsSession,
        keepalive: packet.keepalive,
        ...(packet.username !== undefined ? { username: packet.username } : {}),
        ...(packet.password !== undefined ? { password: packet.password } : {}),
        ...(will ? { will: { topic: will.topic, payload: will.payload, qos: will.qos, retain: will.retain } } : {}),
      };
    }
    case 'publish':
      if (packet.properties?.topicAlias !== undefined) return 'refuse';
      return messageFlow(packet);
    case 'puback':
    case 'pubrec':
    case 'pubrel':
    case 'pubcomp':
      return messageFlow(packet);
    case 'subscribe':
      return {
        cmd: 'subscribe',
        messageId: packet.messageId,
        subscriptions: packet.subscriptions.map(({ topic, qos }) => ({ topic: withoutShareGroup(topic), qos })),
      };
    case 'unsubscribe':
      unsubscribing.set(packet.messageId ?? 0, packet.unsubscriptions.length);
      return { cmd: 'unsubscribe', messageId: packet.messageId, unsubscriptions: packet.unsubscriptions.map(withoutShareGroup) };
    case 'pingreq':
      return { cmd: 'pingreq' };
    case 'disconnect':
      return { cmd: 'disconnect' };
    default:
      // AUTH (enhanced authentication) and anything a client must not send.
      return 'refuse';
  }
}

/** A packet of the broker's as MQTT 5 for the client. */
function towardsClient(packet: Packet, unsubscribing: Map<number, number>): Packet | undefined {
  switch (packet.cmd) {
    case 'connack': {
      const reasonCode = CONNACK_REASONS[packet.returnCode ?? 0] ?? 0x80;
      const answer: IConnackPacket = { cmd: 'connack', sessionPresent: packet.sessionPresent, reasonCode };
      // What this bridge offers: no topic aliases (none granted), packets up to the broker's limit.
      if (reasonCode === 0) answer.properties = { maximumPacketSize: MAX_PACKET_BYTES, topicAliasMaximum: 0 };
      return answer;
    }
    case 'publish':
    case 'puback':
    case 'pubrec':
    case 'pubrel':
    case 'pubcomp':
      return messageFlow(packet);
    case 'suback':
      return {
        cmd: 'suback',
        messageId: packet.messageId,
        granted: packet.granted.map((code) => (typeof code === 'number' && code >= 0x80 ? SUBSCRIPTION_REFUSED : code)),
      };
    case 'unsuback': {
      const count = unsubscribing.get(packet.messageId ?? 0) ?? 1;
      unsubscribing.delete(packet.messageId ?? 0);
      return { cmd: 'unsuback', messageId: packet.messageId, granted: new Array<number>(count).fill(0) };
    }
    case 'pingresp':
      return { cmd: 'pingresp' };
    default:
      return undefined;
  }
}
