import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { NETWORK_SERVER_CERT_USAGE, networkServerCertCommand } from '../../../server/src/cli/network-server-cert-command.js';
import { startGatewayBroker, type RunningBroker } from '../../../server/src/dataplane/broker/gateway-broker.js';
import { issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { openSecretSettings } from '../../../server/src/secrets/sealed-settings.js';
import { platformCa } from '../helpers/platform-ca.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { networkServerCertificatesRepository } from '../../../server/src/repositories/network-server-certificates.js';

describe('npm run network-server:cert (operator)', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ns-cert-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const read = (file: string) => fs.readFileSync(file, 'utf8');

  it("writes the installation CA's network server certificate to DATA_DIR/network-server", async () => {
    const { ok, output } = await networkServerCertCommand(
      await openSecretSettings(t.db, t.config.secrets),
      networkServerCertificatesRepository(t.db),
      [],
      dataDir,
    );
    const dir = path.join(dataDir, 'network-server');
    expect(ok).toBe(true);
    const cert = new X509Certificate(read(path.join(dir, 'cert.pem')));
    expect(output.split('\n')).toEqual([
      `network server certificate valid until ${new Date(cert.validTo).toISOString()}; for ChirpStack's [regions.gateway.backend.mqtt]:`,
      `ca_cert = "${path.join(dir, 'ca.pem')}"`,
      `tls_cert = "${path.join(dir, 'cert.pem')}"`,
      `tls_key = "${path.join(dir, 'key.pem')}"`,
      'Earlier network server certificates are revoked: restart the network server with this one.',
    ]);
    // The CA the API signs gateway certificates with (it lives in the database).
    expect(read(path.join(dir, 'ca.pem'))).toBe((await platformCa(t)).certPem);
    expect(cert.subject).toBe('CN=network-server\nO=LoRa Console network server');
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    expect(cert.checkPrivateKey(createPrivateKey(read(path.join(dir, 'key.pem'))))).toBe(true);
    expect(fs.statSync(path.join(dir, 'key.pem')).mode & 0o777).toBe(0o600);
    expect(execFileSync('openssl', ['verify', '-CAfile', path.join(dir, 'ca.pem'), path.join(dir, 'cert.pem')], { encoding: 'utf8' })).toContain('OK');
  });

  it('writes to the given directory, and the written files open the broker as the network server', async () => {
    const dir = path.join(dataDir, 'chirpstack', 'certs');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'key.pem'), 'old key', { mode: 0o644 });
    expect(
      (await networkServerCertCommand(await openSecretSettings(t.db, t.config.secrets), networkServerCertificatesRepository(t.db), [dir], dataDir)).ok,
    ).toBe(true);
    expect(fs.statSync(path.join(dir, 'key.pem')).mode & 0o777).toBe(0o600);

    const ca = await platformCa(t);
    const server = await issueServerCertificate(ca, ['localhost']);
    const registry = {
      admitted: async () => [],
      networkServerAdmitted: networkServerCertificatesRepository(t.db).admitted,
      connected: async () => undefined,
      disconnected: async () => undefined,
      message: async () => undefined,
    };
    const broker: RunningBroker = await startGatewayBroker({
      port: 0,
      host: '127.0.0.1',
      tls: { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem },
      registry,
    });
    try {
      const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${broker.port}`, {
        ca: read(path.join(dir, 'ca.pem')),
        cert: read(path.join(dir, 'cert.pem')),
        key: read(path.join(dir, 'key.pem')),
        servername: 'localhost',
        reconnectPeriod: 0,
      });
      expect((await client.subscribeAsync('eu868/gateway/+/event/+'))[0]?.qos).toBe(0);
      await client.endAsync();
    } finally {
      await broker.close();
    }
  });

  it('refuses extra arguments', async () => {
    expect(
      await networkServerCertCommand(await openSecretSettings(t.db, t.config.secrets), networkServerCertificatesRepository(t.db), ['a', 'b'], dataDir),
    ).toEqual({
      ok: false,
      output: NETWORK_SERVER_CERT_USAGE,
    });
  });
});
