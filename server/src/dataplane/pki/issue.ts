import { isIP } from 'node:net';
import { generateKeys, KEY_ALGORITHM, privateKeyPem, randomSerial, x509 } from './crypto.js';
import type { PlatformCa } from './ca.js';
import { isStoredEui } from '../../domain/eui.js';

export interface IssuedCertificate {
  caCertPem: string;
  certPem: string;
  keyPem: string;
  expiresAt: Date;
  serialNumber: string;
}

export interface Validity {
  notBefore?: Date;
  notAfter?: Date;
  validityDays?: number;
}

async function issue(ca: PlatformCa, subject: string, extensions: x509.Extension[], validity: Validity): Promise<IssuedCertificate> {
  const keys = await generateKeys();
  // X.509 times have whole seconds; round here so expiresAt equals what the certificate says.
  const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
  const notBefore = wholeSeconds(validity.notBefore ?? new Date(Date.now() - 60_000));
  const notAfter = wholeSeconds(validity.notAfter ?? new Date(notBefore.getTime() + (validity.validityDays ?? 365) * 86_400_000));
  const serialNumber = randomSerial();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber,
    subject,
    issuer: ca.certificate.subject,
    notBefore,
    notAfter,
    signingAlgorithm: KEY_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      ...extensions,
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.certificate, false),
    ],
  });
  return { caCertPem: ca.certPem, certPem: certificate.toString('pem'), keyPem: await privateKeyPem(keys.privateKey), expiresAt: notAfter, serialNumber };
}

/**
 * The organisation of a client certificate says whose it is; the broker reads both attributes.
 * A gateway's CN is its gateway ID (16 hex digits), so it can never read `network-server`.
 */
export const GATEWAY_ORGANISATION = 'LoRa Console gateways';
export const NETWORK_SERVER_SUBJECT = { commonName: 'network-server', organisation: 'LoRa Console network server' } as const;

const clientAuthOnly = () => [
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
  new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth], false),
];

/** A gateway's client certificate: CN is its gateway ID, good for TLS client auth only. */
export async function issueGatewayCertificate(ca: PlatformCa, gatewayId: string, validity: Validity = {}): Promise<IssuedCertificate> {
  if (!isStoredEui(gatewayId)) throw new Error(`gateway id must be 16 upper-case hex digits, got ${gatewayId}`);
  return issue(ca, `CN=${gatewayId}, O=${GATEWAY_ORGANISATION}`, clientAuthOnly(), validity);
}

/**
 * The network server's client certificate: the broker lets it read every gateway's events and
 * send every gateway commands. Issued by the operator's command only, never through the API.
 */
export function issueNetworkServerCertificate(ca: PlatformCa, validity: Validity = {}): Promise<IssuedCertificate> {
  return issue(ca, `CN=${NETWORK_SERVER_SUBJECT.commonName}, O=${NETWORK_SERVER_SUBJECT.organisation}`, clientAuthOnly(), validity);
}

/** The broker's TLS server certificate for the given host names and addresses. */
export function issueServerCertificate(ca: PlatformCa, hostnames: readonly string[], validity: Validity = {}): Promise<IssuedCertificate> {
  const names = hostnames.map((name) => (isIP(name) ? { type: 'ip' as const, value: name } : { type: 'dns' as const, value: name }));
  return issue(
    ca,
    `CN=${hostnames[0] ?? 'localhost'}, O=LoRa Console`,
    [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
      new x509.SubjectAlternativeNameExtension(names, false),
    ],
    validity,
  );
}
