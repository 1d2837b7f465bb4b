import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CA_SUBJECT, createPlatformCa, loadOrCreatePlatformCa } from '../../../server/src/dataplane/pki/ca.js';
import { issueGatewayCertificate, issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import type { KeyValueStore } from '../../../server/src/repositories/settings.js';

const memoryStore = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  const putIfAbsent = async (entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) if (!data.has(key)) data.set(key, value);
  };
  return { data, get: async (key) => data.get(key), putIfAbsent };
};

/** `openssl verify` of the chain, the check a gateway's TLS stack effectively does. */
function opensslVerify(caPem: string, certPem: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pki-'));
  try {
    fs.writeFileSync(path.join(dir, 'ca.pem'), caPem);
    fs.writeFileSync(path.join(dir, 'cert.pem'), certPem);
    return execFileSync('openssl', ['verify', '-CAfile', path.join(dir, 'ca.pem'), path.join(dir, 'cert.pem')], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('platform PKI', () => {
  it('creates a CA certificate that is a CA', async () => {
    const ca = await createPlatformCa();
    const cert = new X509Certificate(ca.certPem);
    expect(cert.ca).toBe(true);
    expect(cert.subject).toContain('CN=LoRa Console Platform CA');
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(CA_SUBJECT).toContain('LoRa Console Platform CA');
  });

  it('creates the CA once and loads the same one afterwards', async () => {
    const store = memoryStore();
    const first = await loadOrCreatePlatformCa(store);
    const second = await loadOrCreatePlatformCa(store);
    expect(second.certPem).toBe(first.certPem);
    expect([...store.data.keys()].sort()).toEqual(['platform_ca_cert', 'platform_ca_key']);
  });

  it('issues a gateway client certificate the CA verifies, with CN = gateway ID and a matching key', async () => {
    const ca = await loadOrCreatePlatformCa(memoryStore());
    const issued = await issueGatewayCertificate(ca, '0016C001F153A14C', { validityDays: 365 });
    const cert = new X509Certificate(issued.certPem);
    const caCert = new X509Certificate(issued.caCertPem);
    expect(cert.subject).toContain('CN=0016C001F153A14C');
    expect(cert.issuer).toBe(caCert.subject);
    expect(cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.checkIssued(caCert)).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    expect(cert.checkPrivateKey(createPrivateKey(issued.keyPem))).toBe(true);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    expect(issued.expiresAt.getTime()).toBe(Date.parse(cert.validTo));
    expect(opensslVerify(issued.caCertPem, issued.certPem)).toContain('OK');
  });

  it('issues a fresh key and serial every time', async () => {
    const ca = await createPlatformCa();
    const [a, b] = await Promise.all([issueGatewayCertificate(ca, 'AABBCCDDEEFF0011'), issueGatewayCertificate(ca, 'AABBCCDDEEFF0011')]);
    expect(a.serialNumber).not.toBe(b.serialNumber);
    expect(createPublicKey(a.keyPem).export({ format: 'pem', type: 'spki' })).not.toBe(createPublicKey(b.keyPem).export({ format: 'pem', type: 'spki' }));
  });

  it('refuses gateway IDs that are not 16 upper-case hex digits', async () => {
    const ca = await createPlatformCa();
    await expect(issueGatewayCertificate(ca, 'not-an-eui')).rejects.toThrow(/16 upper-case hex/);
  });

  it('issues a broker server certificate for host names and addresses', async () => {
    const ca = await createPlatformCa();
    const issued = await issueServerCertificate(ca, ['localhost', '127.0.0.1']);
    const cert = new X509Certificate(issued.certPem);
    expect(cert.subjectAltName).toContain('DNS:localhost');
    expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(opensslVerify(issued.caCertPem, issued.certPem)).toContain('OK');
  });
});
