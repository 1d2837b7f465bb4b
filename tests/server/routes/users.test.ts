import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invite } from '../../../server/src/schemas/invites.js';
import { createCompany, twoUsers } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

describe('/api/user', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ({ t, alice, bob } = await twoUsers());
  });
  afterAll(async () => t.close());

  it('updates any subset of the user fields and returns the stored user', async () => {
    const first = await call(t.app, alice, 'PUT', '/api/user/', { is_tenant_enabled: true });
    expect(first.json()).toMatchObject({ is_tenant_enabled: true, is_onboarded: false });
    const second = await call(t.app, alice, 'PUT', '/api/user/', { first_name: '  Ada ', last_name: 'Lovelace', language: 'de', is_onboarded: true });
    expect(second.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', language: 'de', is_onboarded: true, is_tenant_enabled: true });
    expect((await call(t.app, alice, 'GET', '/api/user/')).json()).toEqual(second.json());
  });

  it.each([
    [{ language: 'fr' }, 'language'],
    [{ is_onboarded: 'yes' }, 'is_onboarded'],
    [{ first_name: 42 }, 'first_name'],
    [{ first_name: 'x'.repeat(101) }, 'first_name'],
    [{ emails: ['other@example.com'] }, 'emails'],
    [{ id: 'someone-else' }, 'id'],
    [{ profile_picture: 'not a url' }, 'profile_picture'],
  ])('rejects %j with a field error', async (body, field) => {
    const response = await call(t.app, alice, 'PUT', '/api/user/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', message: 'Please check your input and try again.', fields: { [field]: expect.any(String) } });
  });

  it('rejects malformed JSON and oversized bodies with the error body', async () => {
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"first_name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation' });
    const huge = await call(t.app, alice, 'PUT', '/api/user/', { first_name: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'tooLarge' });
  });

  it('looks up only users who share a company', async () => {
    expect((await call(t.app, alice, 'GET', `/api/user/lookup/${bob.id}`)).statusCode).toBe(404);
    const company = await createCompany(t, alice, 'Shared');
    const invite = (await call(t.app, alice, 'POST', '/api/invite/', { company_id: company, email: bob.email })).json<Invite>();
    expect((await call(t.app, bob, 'POST', `/api/invite/${invite.code}/join`)).statusCode).toBe(200);
    const found = await call(t.app, alice, 'GET', `/api/user/lookup/${bob.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ id: bob.id, first_name: '', last_name: '', emails: [bob.email], profile_picture: null });
    expect((await call(t.app, alice, 'GET', '/api/user/lookup/not-a-uuid')).statusCode).toBe(400);
  });
});
