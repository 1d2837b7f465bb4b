import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSWORD, signUp, uniqueEmail } from '../helpers/users.js';

const credentials = (email: string, password: string) => ({
  formFields: [
    { id: 'email', value: email },
    { id: 'password', value: password },
  ],
});

function cookieNamed(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`));
}

describe('auth protocol details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_MAX_FAILURES: '3' });
  });
  afterAll(async () => t.close());

  it('sets HttpOnly cookies with the refresh cookie scoped to the refresh path in cookie mode', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: credentials(uniqueEmail(), PASSWORD) });
    expect(response.json()).toMatchObject({ status: 'OK', user: { loginMethods: [{ recipeId: 'emailpassword' }] } });
    const access = cookieNamed(response.headers['set-cookie'], 'sAccessToken');
    const refresh = cookieNamed(response.headers['set-cookie'], 'sRefreshToken');
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/Path=\//);
    expect(refresh).toMatch(/Path=\/api\/auth\/session\/refresh/);
    expect(response.headers['anti-csrf']).toBeTruthy();
    const front = JSON.parse(Buffer.from(String(response.headers['front-token']), 'base64').toString('utf8'));
    expect(front).toMatchObject({ uid: expect.any(String), ate: expect.any(Number), up: { iat: expect.any(Number), sub: front.uid } });
  });

  it('rejects a state-changing cookie request without the anti-CSRF token', async () => {
    const signUpResponse = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: credentials(uniqueEmail(), PASSWORD) });
    const cookie = String(cookieNamed(signUpResponse.headers['set-cookie'], 'sAccessToken')).split(';')[0] ?? '';
    const antiCsrf = String(signUpResponse.headers['anti-csrf']);
    const body = { first_name: 'Ada' };
    const forged = await t.app.inject({ method: 'PUT', url: '/api/user/', headers: { cookie }, payload: body });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'try refresh token' });
    const genuine = await t.app.inject({ method: 'PUT', url: '/api/user/', headers: { cookie, 'anti-csrf': antiCsrf }, payload: body });
    expect(genuine.statusCode).toBe(200);
    // Reads need no token: they change nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers: { cookie } })).statusCode).toBe(200);
  });

  it('tells whether an email exists', async () => {
    const user = await signUp(t.app);
    const exists = await t.app.inject({ method: 'GET', url: `/api/auth/emailpassword/email/exists?email=${encodeURIComponent(user.email)}` });
    expect(exists.json()).toEqual({ status: 'OK', exists: true });
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/emailpassword/email/exists?email=nobody%40example.com' });
    expect(missing.json()).toEqual({ status: 'OK', exists: false });
  });

  it('lists email-password as the only login method, with and without the tenant prefix', async () => {
    for (const url of ['/api/auth/loginmethods', '/api/auth/public/loginmethods', '/api/auth/loginmethods?tenantId=public']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.json()).toMatchObject({ status: 'OK', emailPassword: { enabled: true }, firstFactors: ['emailpassword'] });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/other/loginmethods' })).statusCode).toBe(404);
  });

  it('validates sign-up fields with field errors', async () => {
    const bad = async (email: string, password: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: credentials(email, password) })).json();
    expect(await bad('not-an-email', PASSWORD)).toMatchObject({ status: 'FIELD_ERROR', formFields: [{ id: 'email' }] });
    expect(await bad(uniqueEmail(), 'short1')).toMatchObject({ status: 'FIELD_ERROR', formFields: [{ id: 'password' }] });
    expect(await bad(uniqueEmail(), 'nodigitshere')).toMatchObject({ status: 'FIELD_ERROR', formFields: [{ id: 'password' }] });
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { formFields: [{ id: 'email', value: 'a@b.co' }] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation', fields: { password: expect.any(String) } });
  });

  it('rate-limits repeated failed sign-ins for one email with 429', async () => {
    const user = await signUp(t.app);
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: credentials(user.email, 'wrong password 9') });
    for (let i = 0; i < 3; i++) expect((await attempt()).json()).toEqual({ status: 'WRONG_CREDENTIALS_ERROR' });
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rateLimited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the window has passed.
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: credentials(user.email, PASSWORD) });
    expect(right.statusCode).toBe(429);
    t.clock.advance(16 * 60 * 1000);
    const later = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: credentials(user.email, PASSWORD) });
    expect(later.json()).toMatchObject({ status: 'OK' });
  });

  it('stores passwords only as scrypt hashes', async () => {
    const user = await signUp(t.app);
    const row = await t.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers });
    expect(row.body).not.toContain('password');
    const stored = await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored.password_hash).not.toContain(PASSWORD);
  });

  it('refuses an unknown or forged refresh token without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/refresh',
      headers: { 'st-auth-mode': 'header', authorization: 'Bearer abc.def.ghi' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'unauthorised' });
    expect(response.headers['front-token']).toBe('remove');
  });
});
