import { createHash, timingSafeEqual } from 'node:crypto';
import type { PeerCertificate } from 'node:tls';
import { isStoredEui } from '../../domain/eui.js';
import { normaliseSerial } from '../../domain/certificate-serial.js';
import { GATEWAY_ORGANISATION, NETWORK_SERVER_SUBJECT } from '../pki/issue.js';

/** Who a broker client is: one gateway (by the serial of its certificate too), or the network server that reads them all. */
export type BrokerIdentity =
  | { role: 'gateway'; gatewayId: string; serial: string }
  /** With its certificate's serial, or none when it logged in with the configured user name and password. */
  | { role: 'network-server'; serial?: string };

export interface NetworkServerCredentials {
  username: string;
  password: string;
}

/** What the client's TLS certificate says: an identity, no certificate at all, or one to refuse. */
export type PresentedCertificate = BrokerIdentity | 'none' | 'refused';

/** One value of a subject attribute; several values (e.g. two CNs) are ambiguous and count as none. */
const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Reads the client's certificate off its TLS socket (or an MQTT 5 client's bridged connection, which shows the same). */
export function presentedCertificate(socket: { authorized: boolean; getPeerCertificate(): PeerCertificate }): PresentedCertificate {
  const certificate = socket.getPeerCertificate();
  // Node answers an empty object when the client sent no certificate.
  if (!certificate || Object.keys(certificate).length === 0) return 'none';
  // A certificate that is not the platform CA's, or has expired, is refused even when the
  // listener lets the handshake through for password clients.
  if (!socket.authorized) return 'refused';
  const commonName = single(certificate.subject?.CN);
  const organisation = single(certificate.subject?.O);
  if (commonName === NETWORK_SERVER_SUBJECT.commonName && organisation === NETWORK_SERVER_SUBJECT.organisation) {
    return { role: 'network-server', serial: normaliseSerial(certificate.serialNumber) };
  }
  if (commonName !== undefined && isStoredEui(commonName) && organisation === GATEWAY_ORGANISATION) {
    return { role: 'gateway', gatewayId: commonName, serial: normaliseSerial(certificate.serialNumber) };
  }
  return 'refused';
}

/** Compares in constant time: both sides are hashed to one length first. */
function sameSecret(expected: string, given: Buffer | string | undefined): boolean {
  const digest = (value: Buffer | string) => createHash('sha256').update(value).digest();
  return given !== undefined && timingSafeEqual(digest(expected), digest(given));
}

/** Whether a client without certificate gave the network server's configured user name and password. */
export function isNetworkServerLogin(expected: NetworkServerCredentials | undefined, username: string | undefined, password: Buffer | undefined): boolean {
  if (!expected) return false;
  // Both comparisons always run, so the time taken does not tell which one failed.
  const userMatches = sameSecret(expected.username, username);
  const passwordMatches = sameSecret(expected.password, password);
  return userMatches && passwordMatches;
}

/**
 * A gateway's MQTT client id is its gateway ID (the ChirpStack MQTT forwarder's default), in any
 * case: a client id names the session, and a client taking one over ends the connection holding
 * it, so no certificate may connect under another gateway's id.
 */
export function isOwnClientId(gatewayId: string, clientId: string): boolean {
  return /^[0-9A-Fa-f]{16}$/.test(clientId) && clientId.toUpperCase() === gatewayId;
}

/**
 * Sessions (subscriptions, queued messages) are kept by client id, which the client chooses: the
 * id is prefixed with who the certificate says the client is, so no gateway can take over
 * another's session or the network server's (and their queued frames) by naming its id.
 */
export function sessionNamespace(presented: PresentedCertificate): string {
  // Without a gateway certificate only the network server gets in (a refused client never does).
  return typeof presented === 'object' && presented.role === 'gateway' ? `gateway/${presented.gatewayId}/` : 'network-server/';
}
