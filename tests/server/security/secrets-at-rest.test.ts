import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlatformCa } from '../../../server/src/dataplane/pki/ca.js';
import { migrateToLatest } from '../../../server/src/db/migrate.js';
import { loadSecretKey } from '../../../server/src/secrets/secret-key.js';
import { sealedSettingsStore } from '../../../server/src/secrets/sealed-settings.js';
import type { GatewayCertificate } from '../../../server/src/schemas/gateways.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';
import { installation, type Installation } from './secrets-harness.js';

const KEY = Buffer.alloc(32, 1).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 2).toString('hex');

/** Registers a gateway and issues its certificate through the API (which creates the platform CA on first use). */
async function issueCertificate(app: FastifyInstance, user: SignedIn, gatewayId: string): Promise<GatewayCertificate> {
  const company = (await call(app, user, 'POST', '/api/company/', { name: 'Secrets' })).json<{ id: string }>().id;
  const gateway = (await call(app, user, 'POST', '/api/gateway/', { company_id: company, gateway_id: gatewayId })).json<{ id: string }>().id;
  const issued = await call(app, user, 'POST', `/api/gateway/${gateway}/cert`);
  expect(issued.statusCode).toBe(201);
  return issued.json<GatewayCertificate>();
}

/** Issue #16: the session signing secret and the platform CA's private key sat unencrypted in the database. */
describe('secrets at rest', () => {
  let site: Installation | undefined;
  afterEach(async () => {
    await site?.drop();
    site = undefined;
  });

  const rows = async () => {
    const handle = await (site as Installation).open();
    try {
      const stored = await handle.db.selectFrom('settings').select(['key', 'value']).execute();
      return Object.fromEntries(stored.map((row) => [row.key, row.value]));
    } finally {
      await handle.close();
    }
  };

  it('stores the session signing secret and the CA key sealed, and signs sessions and issues certificates after a restart', async () => {
    site = await installation('secrets-restart');
    const first = await site.start({ SECRET_KEY: KEY });
    const owner = await signUp(first);
    const issued = await issueCertificate(first, owner, 'B827EBFFFE00E001');
    await site.stop(first);

    const stored = await rows();
    for (const name of ['session_signing_secret', 'platform_ca_key']) {
      expect(stored[name]).toMatch(/^enc:v1:[0-9a-f]{8}:[A-Za-z0-9+/=]+$/);
      expect(stored[name]).not.toContain('PRIVATE KEY');
    }
    expect(stored.platform_ca_cert).toBe(issued.ca_cert);

    const second = await site.start({ SECRET_KEY: KEY });
    // The access token signed before the restart is still good: the same signing secret.
    expect((await second.inject({ method: 'GET', url: '/api/user/', headers: owner.headers })).statusCode).toBe(200);
    const again = await issueCertificate(second, owner, 'B827EBFFFE00E002');
    expect(again.ca_cert).toBe(issued.ca_cert);
    expect(new X509Certificate(again.tls_cert).verify(new X509Certificate(issued.ca_cert).publicKey)).toBe(true);
  });

  it('seals the plaintext secrets an earlier version stored, keeping their values', async () => {
    site = await installation('secrets-legacy');
    const legacyCa = await createPlatformCa();
    const handle = await site.open();
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('settings')
      .values([
        { key: 'session_signing_secret', value: 'legacy-signing-secret' },
        { key: 'platform_ca_key', value: legacyCa.keyPem },
        { key: 'platform_ca_cert', value: legacyCa.certPem },
      ])
      .execute();
    await handle.close();

    const app = await site.start({ SECRET_KEY: KEY });
    const stored = await rows();
    expect(stored.session_signing_secret).toMatch(/^enc:v1:/);
    expect(stored.platform_ca_key).toMatch(/^enc:v1:/);
    const reader = await site.open();
    try {
      const sealed = sealedSettingsStore(reader.db, await loadSecretKey({ key: KEY, file: '', createFile: false }));
      expect(await sealed.get('session_signing_secret')).toBe('legacy-signing-secret');
      expect(await sealed.get('platform_ca_key')).toBe(legacyCa.keyPem);
    } finally {
      await reader.close();
    }
    // Gateways in the field keep trusting the same CA.
    const issued = await issueCertificate(app, await signUp(app), 'B827EBFFFE00E003');
    expect(issued.ca_cert).toBe(legacyCa.certPem);
  });

  it('refuses to start with another key, saying which key and what to do, and changes nothing', async () => {
    site = await installation('secrets-wrong-key');
    await site.stop(await site.start({ SECRET_KEY: KEY }));
    const before = await rows();
    await expect(site.start({ SECRET_KEY: OTHER_KEY })).rejects.toThrow(
      /the secret key \(id [0-9a-f]{8}, from SECRET_KEY\) does not open the secrets stored in the database, which were sealed with key id [0-9a-f]{8}\. Every node sharing the database needs the same key/,
    );
    const file = path.join(site.dataDir, 'bad.key');
    fs.writeFileSync(file, 'not a key');
    await expect(site.start({ SECRET_KEY_FILE: file })).rejects.toThrow(`${file} must hold a 32-byte key as 64 hex digits or base64`);
    expect(await rows()).toEqual(before);
  });

  it('creates DATA_DIR/secret.key (mode 0600) on first start and keeps using it', async () => {
    site = await installation('secrets-key-file');
    const file = path.join(site.dataDir, 'secret.key');
    const first = await site.start();
    const owner = await signUp(first);
    await site.stop(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8');
    const second = await site.start();
    expect((await second.inject({ method: 'GET', url: '/api/user/', headers: owner.headers })).statusCode).toBe(200);
    expect(fs.readFileSync(file, 'utf8')).toBe(key);
    // A configured key file that does not exist is a mistake, not a reason to make a new key.
    await expect(site.start({ SECRET_KEY_FILE: path.join(site.dataDir, 'missing.key') })).rejects.toThrow(/ENOENT/);
  });
});
