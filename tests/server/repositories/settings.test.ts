import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreatePlatformCa } from '../../../server/src/dataplane/pki/ca.js';
import { getOrCreate, settingsStore } from '../../../server/src/repositories/settings.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Shared state (signing secret, platform CA) is created once even when many processes start at
// the same moment on an empty database: every starter ends with the first one's value.
describe('settings: created once, everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('30 concurrent getOrCreate calls agree on one value', async () => {
    let made = 0;
    const values = await Promise.all(Array.from({ length: 30 }, () => getOrCreate(settingsStore(t.db), 'race_secret', () => `value-${++made}`)));
    expect(made).toBeGreaterThan(1);
    expect(new Set(values).size).toBe(1);
    expect(await settingsStore(t.db).get('race_secret')).toBe(values[0]);
  });

  it('20 concurrent starters end with the same platform CA, the one stored', async () => {
    await t.db.deleteFrom('settings').where('key', 'in', ['platform_ca_cert', 'platform_ca_key']).execute();
    const cas = await Promise.all(Array.from({ length: 20 }, () => loadOrCreatePlatformCa(settingsStore(t.db))));
    expect(new Set(cas.map((ca) => ca.certPem)).size).toBe(1);
    expect(await settingsStore(t.db).get('platform_ca_cert')).toBe(cas[0]?.certPem);
  });
});
