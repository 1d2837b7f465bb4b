import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, PASSWORD, uniqueEmail, type Method, type SignedIn } from '../helpers/users.js';
import { documentedRoutes } from './openapi-routes.js';

const expectNoStore = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBeLessThan(300);
  expect(response.headers['cache-control']).toBe('no-store');
};

// Answers that carry an API-key secret, an AppKey or a private key had no Cache-Control at all.
describe('Cache-Control: no-store on every answer that carries a secret', () => {
  let t: TestApp;
  let user: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, owner: user, company } = await oneCompany({}, 'Secrets company'));
  });
  afterAll(async () => t.close());

  it('on the creation and regeneration of an API key', async () => {
    const created = await call(t.app, user, 'POST', '/api/api-keys/', { name: 'CI' });
    expectNoStore(created);
    expectNoStore(await call(t.app, user, 'PUT', `/api/api-keys/${created.json<{ id: string }>().id}/regenerate`));
  });

  it('on every answer with a device’s AppKey', async () => {
    const created = await call(t.app, user, 'POST', '/api/device/', { company_id: company, dev_eui: 'A84041000181C6C1', app_key: 'B'.repeat(32) });
    expectNoStore(created);
    const id = created.json<{ id: string }>().id;
    expectNoStore(await call(t.app, user, 'GET', `/api/device/${id}/`));
    expectNoStore(await call(t.app, user, 'PUT', `/api/device/${id}/`, { name: 'Renamed' }));
  });

  it('on the gateway certificate with its private key', async () => {
    const gateway = (await call(t.app, user, 'POST', '/api/gateway/', { company_id: company, gateway_id: '0016C001F153A1C1' })).json<{ id: string }>();
    // Issuing may be a GET or a POST (issue #16 moves it): the document says which.
    const route = (await documentedRoutes(t.app)).find((candidate) => candidate.path === '/api/gateway/{id}/cert');
    expect(route).toBeDefined();
    expectNoStore(await call(t.app, user, route?.method as Method, `/api/gateway/${gateway.id}/cert`));
  });

  it('on every answer that hands out session tokens', async () => {
    const email = uniqueEmail('tokens');
    const form = {
      formFields: [
        { id: 'email', value: email },
        { id: 'password', value: PASSWORD },
      ],
    };
    const headers = { 'st-auth-mode': 'header', rid: 'emailpassword' };
    expectNoStore(await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers, payload: form }));
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers, payload: form });
    expectNoStore(signedIn);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/refresh',
      headers: { ...headers, authorization: `Bearer ${String(signedIn.headers['st-refresh-token'])}` },
    });
    expectNoStore(refresh);
  });

  it('also when the caller signs in with an API key', async () => {
    const key = await createApiKey(t, user, 'Machine');
    const device = await call(t.app, user, 'POST', '/api/device/', { company_id: company, dev_eui: 'A84041000181C6C2', app_key: 'C'.repeat(32) });
    const id = device.json<{ id: string }>().id;
    expectNoStore(await t.app.inject({ method: 'GET', url: `/api/device/${id}/`, headers: { authorization: `Bearer ${key}` } }));
  });

  it('but not on answers without a secret, which caches may keep as their headers say', async () => {
    const list = await call(t.app, user, 'GET', '/api/device/');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBeUndefined();
  });
});
