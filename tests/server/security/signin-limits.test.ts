import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../helpers/fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, PASSWORD, signUp, uniqueEmail } from '../helpers/users.js';

const credentials = (email: string, password: string) => ({
  formFields: [
    { id: 'email', value: email },
    { id: 'password', value: password },
  ],
});

/** A syntactically valid address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

// Issue #16: sign-in limiting keyed on address + raw email, no length limit, a map never swept
// (160 sign-ins with 1.5 MB emails: +320 MiB); no limit per address (password spraying) nor on
// email/exists (enumeration).
describe('sign-in and sign-up input limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (path: string, payload: ReturnType<typeof credentials>) => t.app.inject({ method: 'POST', url: `/api/auth/${path}`, payload });
  const usersWithEmailOver = async (length: number) =>
    (await t.db.selectFrom('users').select('email').execute()).filter((row) => row.email.length > length).length;

  it.each(['signin', 'signup'])('%s refuses an email over 254 characters and a password over 1,024 with field codes', async (path) => {
    expect((await post(path, credentials(emailOfLength(254), 'x'.repeat(1024)))).statusCode).toBe(200);
    const email = await post(path, credentials(emailOfLength(255), PASSWORD));
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ code: 'validation', field_codes: { email: { code: 'too_long', params: { limit: 254 } } } });
    const password = await post(path, credentials(uniqueEmail(), `${PASSWORD}${'x'.repeat(1024)}`));
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ code: 'validation', field_codes: { password: { code: 'too_long', params: { limit: 1024 } } } });
    expect(await usersWithEmailOver(254)).toBe(0);
  });

  it.each(['signin', 'signup'])('%s refuses a 1.5 MB email before reading it, in our error body', async (path) => {
    const answer = await post(path, credentials(`${'a'.repeat(1.5 * 1024 * 1024)}@example.com`, PASSWORD));
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'tooLarge' });
    expect(await usersWithEmailOver(254)).toBe(0);
  });

  it('refuses an email/exists question over 254 characters', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/auth/emailpassword/email/exists?email=${emailOfLength(255)}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'validation' });
  });
});

describe('sign-in limits per account and per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_MAX_FAILURES: '3', SIGNIN_ADDRESS_MAX: '5', SIGNUP_ADDRESS_MAX: '3', EMAIL_EXISTS_ADDRESS_MAX: '3' });
  });
  afterAll(async () => t.close());

  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: credentials(email, password), remoteAddress });

  const expectLimited = (answer: Awaited<ReturnType<typeof signIn>>) => {
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toMatchObject({ code: 'rateLimited', message: expect.any(String) });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  };

  it("counts an account's failures from every address, case aside, and lets it in again after the window", async () => {
    // Sign-up answers from 127.0.0.1; the attempts below come from addresses of their own.
    const user = await signUp(t.app);
    for (let i = 1; i <= 3; i++) {
      const email = i === 2 ? user.email.toUpperCase() : user.email;
      expect((await signIn(email, 'wrong password 9', `198.51.100.${i}`)).json()).toEqual({ status: 'WRONG_CREDENTIALS_ERROR' });
    }
    expectLimited(await signIn(user.email, PASSWORD, '198.51.100.4'));
    t.clock.advance(16 * 60 * 1000);
    expect((await signIn(user.email, PASSWORD, '198.51.100.4')).json()).toMatchObject({ status: 'OK' });
  });

  it('limits the sign-ins of one address across accounts (password spraying), not those of another', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(uniqueEmail('sprayed'), 'Summer2026', '203.0.113.7')).statusCode).toBe(200);
    expectLimited(await signIn(uniqueEmail('sprayed'), 'Summer2026', '203.0.113.7'));
    expect((await signIn(uniqueEmail('sprayed'), 'Summer2026', '203.0.113.8')).statusCode).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    const signUpFrom = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: credentials(uniqueEmail(), PASSWORD), remoteAddress });
    for (let i = 0; i < 3; i++) expect((await signUpFrom('192.0.2.10')).json()).toMatchObject({ status: 'OK' });
    const limited = await signUpFrom('192.0.2.10');
    expectLimited(limited);
    expect((await signUpFrom('192.0.2.11')).json()).toMatchObject({ status: 'OK' });
  });

  it('limits email/exists per address (account enumeration)', async () => {
    const exists = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/auth/emailpassword/email/exists?email=${encodeURIComponent(uniqueEmail())}`, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await exists('192.0.2.20')).json()).toEqual({ status: 'OK', exists: false });
    expectLimited(await exists('192.0.2.20'));
    expect((await exists('192.0.2.21')).statusCode).toBe(200);
  });
});

describe('codec test runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CODEC_TEST_MAX: '2' });
  });
  afterAll(async () => t.close());

  it('are limited per user and company', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const company = await createCompany(t, alice, 'Alice company');
    const bobCompany = await createCompany(t, bob, 'Bob company');
    const codec = 'function decodeUplink(input) { return { data: { first: input.bytes[0] } }; }';
    const run = (user: typeof alice, id: string) => call(t.app, user, 'POST', `/api/config/${id}/codec-test`, { codec, payload: '01', fPort: 1 });
    for (let i = 0; i < 2; i++) expect((await run(alice, company)).statusCode).toBe(200);
    const limited = await run(alice, company);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rateLimited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await run(bob, bobCompany)).statusCode).toBe(200);
  });

  it('refuses a user over the limit before looking up their session', async () => {
    const carol = await signUp(t.app);
    const company = await createCompany(t, carol, 'Carol company');
    const codec = 'function decodeUplink(input) { return { data: {} }; }';
    const run = () => call(t.app, carol, 'POST', `/api/config/${company}/codec-test`, { codec, payload: '01', fPort: 1 });
    for (let i = 0; i < 2; i++) expect((await run()).statusCode).toBe(200);
    expect((await run()).statusCode).toBe(429);
    // Revoked behind the node's back: only a session lookup would notice. The refusal comes first,
    // so a flood of refused runs costs the database no session lookup.
    await t.db.updateTable('sessions').set({ revoked_at: t.clock.now().toISOString() }).execute();
    const refused = await run();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Whatever the limit does not cover still goes through the session check.
    expect((await call(t.app, carol, 'GET', `/api/company/${company}`)).statusCode).toBe(401);
  });
});
