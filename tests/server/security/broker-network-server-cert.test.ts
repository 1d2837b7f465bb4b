import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { networkServerCertCommand } from '../../../server/src/cli/network-server-cert-command.js';
import { issueNetworkServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { networkServerCertificatesRepository } from '../../../server/src/repositories/network-server-certificates.js';
import { openSecretSettings } from '../../../server/src/secrets/sealed-settings.js';
import { platformCa } from '../helpers/platform-ca.js';
import { createTestApp } from '../helpers/test-app.js';
import { brokerHarness, dropped, type BrokerHarness } from './broker-harness.js';

type Bundle = { ca_cert: string; tls_cert: string; tls_key: string };

/**
 * Issue #16: the network server's broker certificate (the broker's privileged client, reading
 * every gateway) could not be revoked. It is recorded by serial; issuing a new one revokes the
 * earlier ones and `--revoke` revokes them all; the broker refuses revoked ones and drops their
 * connections at its next check.
 */
describe("broker: the network server's certificate", () => {
  let h: BrokerHarness;
  let dataDir: string;
  beforeAll(async () => {
    h = await brokerHarness();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ns-revoke-'));
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const command = async (args: string[]) =>
    networkServerCertCommand(await openSecretSettings(h.t.db, h.t.config.secrets), networkServerCertificatesRepository(h.t.db), args, dataDir);
  const issue = async (name: string): Promise<Bundle> => {
    const dir = path.join(dataDir, name);
    expect((await command([dir])).ok).toBe(true);
    const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
    return { ca_cert: read('ca.pem'), tls_cert: read('cert.pem'), tls_key: read('key.pem') };
  };
  /** Connected as the network server: it may read every gateway's events. */
  const readsAll = async (client: MqttClient) => (await client.subscribeAsync('eu868/gateway/+/event/+', { qos: 1 }))[0]?.qos === 1;

  it('admits one issued before tracking until the command issues a new one; each new one revokes the one before', async () => {
    const ca = await platformCa(h.t);
    const untracked = await issueNetworkServerCertificate(ca);
    const legacy = { ca_cert: ca.certPem, tls_cert: untracked.certPem, tls_key: untracked.keyPem };
    expect(await readsAll(await h.connect(legacy, 'chirpstack-legacy'))).toBe(true);

    const first = await issue('first');
    await expect(h.connect(legacy, 'chirpstack-legacy-again')).rejects.toThrow(/Not authorized/);
    const firstClient = await h.connect(first, 'chirpstack-first');
    expect(await readsAll(firstClient)).toBe(true);

    const second = await issue('second');
    // Connected with the revoked one: dropped at the broker's next check of certificates.
    expect(await dropped(firstClient)).toBe(true);
    expect(h.warnings.some((w) => w.startsWith('network server disconnected: its certificate'))).toBe(true);
    await expect(h.connect(first, 'chirpstack-first-again')).rejects.toThrow(/Not authorized/);
    expect(await readsAll(await h.connect(second, 'chirpstack-second'))).toBe(true);
    expect(h.warnings.some((w) => w.startsWith('network server refused: its certificate'))).toBe(true);

    const revoked = await command(['--revoke']);
    expect(revoked).toEqual({ ok: true, output: expect.stringMatching(/^revoked 1 network server certificate /) });
    await expect(h.connect(second, 'chirpstack-second-again')).rejects.toThrow(/Not authorized/);
  });

  it('refuses an unknown option', async () => {
    expect((await command(['--revok'])).ok).toBe(false);
  });
});

describe('network server certificates issued before tracking', () => {
  it('are refused once --revoke ran, even with nothing recorded', async () => {
    const t = await createTestApp();
    try {
      const repository = networkServerCertificatesRepository(t.db);
      expect(await repository.admitted('0ABC')).toBe(true);
      expect(await repository.revokeAll(t.clock.now().toISOString())).toBe(0);
      expect(await repository.admitted('0ABC')).toBe(false);
    } finally {
      await t.close();
    }
  });
});
