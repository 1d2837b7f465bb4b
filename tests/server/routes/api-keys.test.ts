import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyWithSecret } from '../../../server/src/schemas/api-keys.js';
import { createCompany, twoUsers } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, type Page, type SignedIn } from '../helpers/users.js';

describe('/api/api-keys and Bearer API keys', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ({ t, alice, bob } = await twoUsers());
    await createCompany(t, alice, 'Keyed');
  });
  afterAll(async () => t.close());

  const withKey = (key: string, url: string) => callWithKey(t.app, key, 'GET', url);

  it('shows the secret once, stores only a hash, and lists name, expiry, last used', async () => {
    const created = await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Grafana' });
    expect(created.statusCode).toBe(201);
    const key = created.json<ApiKeyWithSecret>();
    expect(key).toMatchObject({ name: 'Grafana', expiresAt: null, last_used: null, expired: false, key: expect.stringMatching(/^lk_[A-Za-z0-9]{12}_/) });
    const listed = (await call(t.app, alice, 'GET', '/api/api-keys/')).json<Page<ApiKey>>();
    expect(listed.results[0]).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(key.key);
    const stored = await t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.key);
  });

  it("works as Bearer on REST calls with the owner's rights and records its use", async () => {
    const key = (await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Script' })).json<ApiKeyWithSecret>();
    const user = await withKey(key.key, '/api/user/');
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ id: alice.id });
    expect((await withKey(key.key, '/api/company/')).json()).toMatchObject({ count: 1, results: [{ name: 'Keyed' }] });
    const listed = (await call(t.app, alice, 'GET', '/api/api-keys/')).json<Page<ApiKey>>();
    expect(listed.results.find((k) => k.id === key.id)?.last_used).toEqual(expect.any(String));
  });

  it('stops an old secret at once when the key is regenerated, and a deleted key', async () => {
    const key = (await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Rotating' })).json<ApiKeyWithSecret>();
    const regenerated = await call(t.app, alice, 'PUT', `/api/api-keys/${key.id}/regenerate`);
    const fresh = regenerated.json<ApiKeyWithSecret>();
    expect(fresh.id).toBe(key.id);
    expect(fresh.key).not.toBe(key.key);
    const old = await withKey(key.key, '/api/user/');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: 'unauthorized', message: 'You are not authorized to access this resource.' });
    expect((await withKey(fresh.key, '/api/user/')).statusCode).toBe(200);
    expect((await call(t.app, alice, 'DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
    expect((await withKey(fresh.key, '/api/user/')).statusCode).toBe(401);
  });

  it('refuses an expired key and shows it as expired', async () => {
    const soon = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const key = (await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Short', expiresAt: soon })).json<ApiKeyWithSecret>();
    expect((await withKey(key.key, '/api/user/')).statusCode).toBe(200);
    t.clock.advance(120_000);
    expect((await withKey(key.key, '/api/user/')).statusCode).toBe(401);
    const listed = (await call(t.app, alice, 'GET', '/api/api-keys/')).json<Page<ApiKey>>();
    expect(listed.results.find((k) => k.id === key.id)?.expired).toBe(true);
  });

  it('refuses forged keys and does not let a key manage keys', async () => {
    expect((await withKey('lk_AAAAAAAAAAAA_' + 'x'.repeat(43), '/api/user/')).statusCode).toBe(401);
    const short = await withKey('lk_short', '/api/user/');
    expect(short.statusCode).toBe(401);
    expect(short.json()).toEqual({ code: 'unauthorized', message: 'You are not authorized to access this resource.' });
    const key = (await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Limited' })).json<ApiKeyWithSecret>();
    const minting = await callWithKey(t.app, key.key, 'POST', '/api/api-keys/', { name: 'More' });
    expect(minting.statusCode).toBe(403);
  });

  it.each([
    [{}, 'name'],
    [{ name: ' ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'k', expiresAt: 'tomorrow' }, 'expiresAt'],
    [{ name: 'k', expiresAt: '2000-01-01T00:00:00Z' }, 'expiresAt'],
    [{ name: 'k', scopes: ['all'] }, 'scopes'],
    [{ name: 7 }, 'name'],
    [{ name: 'k', expiresAt: 1893456000 }, 'expiresAt'],
    [{ name: 'k', expiresAt: '2099-01-01' }, 'expiresAt'],
  ])('rejects %j', async (body, field) => {
    const response = await call(t.app, alice, 'POST', '/api/api-keys/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it('answers exactly the documented fields and normalises the expiry to UTC', async () => {
    const created = (
      await call(t.app, alice, 'POST', '/api/api-keys/', { name: ' Exporter ', expiresAt: '2099-01-01T00:00:00+02:00' })
    ).json<ApiKeyWithSecret>();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Exporter',
      expiresAt: '2098-12-31T22:00:00.000Z',
      last_used: null,
      expired: false,
      created_at: expect.any(String),
      company_id: null,
      read_only: false,
      key: expect.stringMatching(/^lk_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{40,}$/),
    });
    const { key: _secret, ...listed } = created;
    const page = (await call(t.app, alice, 'GET', '/api/api-keys/?page_size=1000')).json<Page<ApiKey>>();
    expect(page.results.find((k) => k.id === created.id)).toEqual(listed);
  });

  it('records the last use at most once a minute', async () => {
    const key = (await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Busy' })).json<ApiKeyWithSecret>();
    const lastUsed = async () => (await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow()).last_used_at;
    await withKey(key.key, '/api/user/');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.advance(30_000);
    await withKey(key.key, '/api/company/');
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await withKey(key.key, '/api/user/');
    expect(Date.parse(String(await lastUsed())) - Date.parse(String(first))).toBeGreaterThanOrEqual(60_000);
  });

  it('does not let a key list, regenerate or delete keys, not even itself', async () => {
    const key = (await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Self' })).json<ApiKeyWithSecret>();
    for (const [method, url] of [
      ['GET', '/api/api-keys/'],
      ['PUT', `/api/api-keys/${key.id}/regenerate`],
      ['DELETE', `/api/api-keys/${key.id}`],
    ] as const) {
      const response = await callWithKey(t.app, key.key, method, url);
      expect({ method, status: response.statusCode }).toEqual({ method, status: 403 });
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await withKey(key.key, '/api/user/')).statusCode).toBe(200);
  });

  it('answers 400 for a malformed key id and 404 for an unknown one', async () => {
    expect((await call(t.app, alice, 'PUT', '/api/api-keys/not-a-uuid/regenerate')).statusCode).toBe(400);
    expect((await call(t.app, alice, 'DELETE', '/api/api-keys/not-a-uuid')).statusCode).toBe(400);
    expect((await call(t.app, alice, 'DELETE', '/api/api-keys/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("hides and protects another user's keys", async () => {
    const key = (await call(t.app, alice, 'POST', '/api/api-keys/', { name: 'Private' })).json<ApiKeyWithSecret>();
    expect((await call(t.app, bob, 'GET', '/api/api-keys/')).json()).toEqual({ count: 0, results: [] });
    expect((await call(t.app, bob, 'PUT', `/api/api-keys/${key.id}/regenerate`)).statusCode).toBe(404);
    expect((await call(t.app, bob, 'DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(404);
    expect((await withKey(key.key, '/api/user/')).json()).toMatchObject({ id: alice.id });
  });
});
