import type { KeyValueStore } from '../../repositories/settings.js';
import { generateKeys, importPrivateKeyPem, KEY_ALGORITHM, privateKeyPem, randomSerial, x509, type CryptoKey } from './crypto.js';

export interface PlatformCa {
  certificate: x509.X509Certificate;
  certPem: string;
  privateKey: CryptoKey;
}

export const CA_SUBJECT = 'CN=LoRa Console Platform CA, O=LoRa Console';
const CA_VALIDITY_YEARS = 10;
const STORE_KEYS = { cert: 'platform_ca_cert', key: 'platform_ca_key' } as const;

export async function createPlatformCa(now: Date = new Date()): Promise<PlatformCa & { keyPem: string }> {
  const keys = await generateKeys();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_VALIDITY_YEARS);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: CA_SUBJECT,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    signingAlgorithm: KEY_ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate, certPem: certificate.toString('pem'), privateKey: keys.privateKey, keyPem: await privateKeyPem(keys.privateKey) };
}

/**
 * The installation's CA: created on first use and kept in the store (the database), so every
 * server process signs with the same one. Its key is never served.
 */
export async function loadOrCreatePlatformCa(store: KeyValueStore): Promise<PlatformCa> {
  const stored = await loadPlatformCa(store);
  if (stored) return stored;
  const created = await createPlatformCa();
  await store.putIfAbsent({ [STORE_KEYS.key]: created.keyPem, [STORE_KEYS.cert]: created.certPem });
  // Another process starting at the same moment may have stored its CA first: that one is the installation's.
  const kept = await loadPlatformCa(store);
  if (!kept) throw new Error('the platform CA could not be stored');
  return kept;
}

async function loadPlatformCa(store: KeyValueStore): Promise<PlatformCa | undefined> {
  const [certPem, keyPem] = await Promise.all([store.get(STORE_KEYS.cert), store.get(STORE_KEYS.key)]);
  if (!certPem || !keyPem) return undefined;
  return { certificate: new x509.X509Certificate(certPem), certPem, privateKey: await importPrivateKeyPem(keyPem) };
}
