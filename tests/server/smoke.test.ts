import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { call, signUp } from './helpers/users.js';

describe('server core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers the version without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'lora-console-server', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('serves the OpenAPI document listing the resources', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/user', '/api/company', '/api/tenant', '/api/invite', '/api/auth/signin']));
  });

  it('answers unknown API paths with the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'notFound', message: 'The requested resource was not found.' });
  });

  it('requires a session for the user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'unauthorised' });
  });

  it('returns the signed-up user with and without the trailing slash', async () => {
    const user = await signUp(t.app);
    for (const url of ['/api/user/', '/api/user']) {
      const response = await call(t.app, user, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, emails: [user.email], is_onboarded: false, is_tenant_enabled: false, language: 'en' });
    }
  });
});
