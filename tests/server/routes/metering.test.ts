import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createCompany, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, signUp, type SignedIn } from '../helpers/users.js';

const DAY_MS = 24 * 3600 * 1000;

describe('API token metering', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let aliceKey: string;
  let bobKey: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ USAGE_FLUSH_MS: '20' }));
    // Bob's company is on Free, with a small quota the operator set, so its end is reached quickly.
    await t.db.updateTable('companies').set({ plan: 'free', token_quota: 3 }).where('id', '=', bobCompany).execute();
    aliceKey = await createApiKey(t, alice, 'alice');
    bobKey = await createApiKey(t, bob, 'bob');
  });
  afterAll(async () => t.close());

  const stored = async (companyId: string) =>
    (await t.db.selectFrom('token_usage').select('tokens').where('company_id', '=', companyId).execute()).reduce((sum, row) => sum + Number(row.tokens), 0);
  const storedReaches = (companyId: string, tokens: number) => until(async () => (await stored(companyId)) === tokens);

  it('counts 1 token per API-key request and none for session requests', async () => {
    for (let i = 0; i < 4; i++) expect((await call(t.app, alice, 'GET', `/api/device/?company_id=${company}`)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await callWithKey(t.app, aliceKey, 'GET', `/api/device/?company_id=${company}`)).statusCode).toBe(200);
    expect(await storedReaches(company, 3)).toBe(true);
    // One more key request after the session ones were long written: the count moves by exactly one.
    await callWithKey(t.app, aliceKey, 'GET', '/api/unit/');
    expect(await storedReaches(company, 4)).toBe(true);
  });

  it('charges 1 token per started week of time series returned', async () => {
    const device = await insertDevice(t, { company_id: company, dev_eui: 'E1E0000000000001', name: 'Meter' });
    const start = Date.parse('2026-11-01T00:00:00.000Z');
    // Samples over 15 days: 3 started weeks.
    const samples = [0, 5, 10, 15].map((day) => ({ device_id: device, topic: 'temperature', ts: new Date(start + day * DAY_MS).toISOString(), value: '20' }));
    await t.db.insertInto('topic_samples').values(samples).execute();
    const before = await stored(company);
    const series = await callWithKey(t.app, aliceKey, 'GET', `/api/device/${device}/topics/series?topic=temperature`);
    expect(series.json<{ points: unknown[] }>().points).toHaveLength(4);
    expect(await storedReaches(company, before + 1 + 3)).toBe(true);
    // The same read in the console's session is free.
    await call(t.app, alice, 'GET', `/api/device/${device}/topics/series?topic=temperature`);
    await callWithKey(t.app, aliceKey, 'GET', '/api/unit/');
    expect(await storedReaches(company, before + 5)).toBe(true);
  });

  it('tells the remaining free tokens in X-RateLimit headers', async () => {
    const answer = await callWithKey(t.app, aliceKey, 'GET', `/api/device/?company_id=${company}`);
    // Basic: 800 tokens per device; Alice's company has one device.
    expect(answer.headers['x-ratelimit-limit']).toBe('800');
    expect(Number(answer.headers['x-ratelimit-remaining'])).toBeLessThan(800);
    expect(Number(answer.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  });

  it('refuses Free requests beyond the quota with 429 and a Retry-After at the month end; the console keeps working', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await callWithKey(t.app, bobKey, 'GET', `/api/device/?company_id=${bobCompany}`);
      expect(answer.statusCode).toBe(200);
      remaining.push(String(answer.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await callWithKey(t.app, bobKey, 'GET', `/api/device/?company_id=${bobCompany}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'tokenQuota' });
    const now = t.clock.now();
    const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((monthEnd - now.getTime()) / 1000));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect((await call(t.app, bob, 'GET', `/api/device/?company_id=${bobCompany}`)).statusCode).toBe(200);
    expect(await storedReaches(bobCompany, 3)).toBe(true);
  });

  it('starts a new quota with the new month', async () => {
    const now = t.clock.now();
    t.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime() + 1000);
    expect((await callWithKey(t.app, bobKey, 'GET', `/api/device/?company_id=${bobCompany}`)).statusCode).toBe(200);
  });

  it("refuses a suspended company's API key with 403 and keeps its data", async () => {
    const carol = await signUp(t.app);
    const carolCompany = await createCompany(t, carol, 'Suspended');
    const carolKey = await createApiKey(t, carol, 'carol');
    await insertDevice(t, { company_id: carolCompany, dev_eui: 'E2E0000000000001', name: 'Kept' });
    await t.db.updateTable('companies').set({ suspended_at: t.clock.now().toISOString() }).where('id', '=', carolCompany).execute();
    const refused = await callWithKey(t.app, carolKey, 'GET', `/api/device/?company_id=${carolCompany}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'suspended' });
    expect((await t.db.selectFrom('devices').select('name').where('company_id', '=', carolCompany).execute()).map((row) => row.name)).toEqual(['Kept']);
    expect(await stored(carolCompany)).toBe(0);
  });
});
