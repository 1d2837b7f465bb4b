import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createCompany } from '../helpers/fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, callWithKey, PASSWORD, signUp, uniqueEmail, type SignedIn } from '../helpers/users.js';
import { linkIn, SmtpReceiver } from '../helpers/smtp-receiver.js';
import { auditLog } from '../routes/audit-helpers.js';

/** The mail to the new address, and the notice to the old one, in either language. */
const CHANGE = /new e-mail address|neue E-Mail-Adresse/;
const NOTICE = /being changed|wird geändert/;
const CONFIRM_PATH = '/auth/confirm-email-change';
const DAY_MS = 24 * 3_600_000;

/** Changing one's address (issue #21): pending until the link mailed to the new address is followed. */
describe('changing the e-mail address by mail', () => {
  let t: TestApp;
  const smtp = new SmtpReceiver();

  const signIn = async (email: string, password = PASSWORD) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'st-auth-mode': 'header', rid: 'emailpassword' },
        payload: {
          formFields: [
            { id: 'email', value: email },
            { id: 'password', value: password },
          ],
        },
      })
    ).json<{ status: string }>().status;
  /** A new session of the account (an old one's access token expires when the clock moves a day). */
  const session = async (email: string): Promise<Record<string, string>> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'st-auth-mode': 'header', rid: 'emailpassword' },
      payload: {
        formFields: [
          { id: 'email', value: email },
          { id: 'password', value: PASSWORD },
        ],
      },
    });
    return { authorization: `Bearer ${String(response.headers['st-access-token'])}`, 'st-auth-mode': 'header' };
  };
  const confirm = async (token: string | null) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/user/email/change/confirm', payload: { token } })).json<{ status: string }>().status;
  const request = (user: SignedIn, email: string, password = PASSWORD) => call(t.app, user, 'POST', '/api/user/email-change', { email, password });
  /** Asks for the change and answers the token of the link that arrives at the new address. */
  const requestAndRead = async (user: SignedIn, email: string, count = 1) => {
    expect((await request(user, email)).statusCode).toBe(200);
    const mails = await smtp.waitFor(email, CHANGE, count);
    return linkIn(mails[count - 1]!, CONFIRM_PATH).searchParams.get('token');
  };

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await createTestApp(
      { SMTP_URL: smtpUrl, PUBLIC_URL: 'https://console.example.com', VERIFICATION_RESEND_MAX: '3', SIGNIN_MAX_FAILURES: '3' },
      undefined,
      { mail: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  it('mails the new address a link that switches the account to it, and tells the old one', async () => {
    const user = await signUp(t.app);
    const company = await createCompany(t, user, 'Acme');
    const newEmail = uniqueEmail('moved');
    const asked = await request(user, newEmail.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ email: user.email, pending: { email: newEmail, expires_at: expect.any(String) } });

    const [mail] = await smtp.waitFor(newEmail, CHANGE);
    expect(mail?.subject).toBe('Confirm your new e-mail address');
    expect(mail?.text).toContain(user.email);
    expect(mail?.html).toContain('Confirm new address');
    const link = linkIn(mail!, CONFIRM_PATH);
    expect(link.origin).toBe('https://console.example.com');
    const [notice] = await smtp.waitFor(user.email, NOTICE);
    expect(notice?.subject).toBe('Your LoRa Console e-mail address is being changed');
    expect(notice?.text).toContain(newEmail);
    expect(linkIn(notice!, '/settings').origin).toBe('https://console.example.com');

    // Pending: nothing has changed yet.
    expect(await signIn(newEmail)).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await call(t.app, user, 'GET', '/api/user/')).json()).toMatchObject({ emails: [user.email] });

    expect(await confirm(link.searchParams.get('token'))).toBe('OK');
    expect(await signIn(user.email)).toBe('WRONG_CREDENTIALS_ERROR');
    expect(await signIn(newEmail)).toBe('OK');
    // The session that asked stays (sessions belong to the account, not its address) and sees the new address, verified.
    expect((await call(t.app, user, 'GET', '/api/user/')).json()).toMatchObject({ emails: [newEmail] });
    expect((await call(t.app, user, 'GET', '/api/auth/user/email/verify')).json()).toEqual({ status: 'OK', isVerified: true });
    expect((await call(t.app, user, 'GET', '/api/user/email-change')).json()).toEqual({ email: newEmail, pending: null });
    // One use.
    expect(await confirm(link.searchParams.get('token'))).toBe('EMAIL_CHANGE_INVALID_TOKEN_ERROR');
    // The audit log of the user's company shows the switch, by the user.
    const entry = (await auditLog(t, user, company)).find((event) => event.resource_type === 'user' && event.action === 'update');
    expect(entry?.actor_id).toBe(user.id);
    expect(entry?.changes).toEqual(expect.arrayContaining([{ field: 'email', old: user.email, new: newEmail }]));
  });

  it("writes both mails in the user's language", async () => {
    const user = await signUp(t.app);
    await call(t.app, user, 'PUT', '/api/user/', { language: 'de' });
    const newEmail = uniqueEmail('umzug');
    await requestAndRead(user, newEmail);
    const [mail] = await smtp.waitFor(newEmail, CHANGE);
    expect(mail?.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse');
    expect(mail?.html).toContain('Neue Adresse bestätigen');
    const [notice] = await smtp.waitFor(user.email, NOTICE);
    expect(notice?.subject).toBe('Die E-Mail-Adresse Ihres LoRa-Console-Kontos wird geändert');
    expect(notice?.text).toContain(newEmail);
  });

  it('refuses a link after 24 hours; the change then lapses', async () => {
    const user = await signUp(t.app);
    const token = await requestAndRead(user, uniqueEmail('late'));
    t.clock.advance(DAY_MS + 60_000);
    expect(await confirm(token)).toBe('EMAIL_CHANGE_INVALID_TOKEN_ERROR');
    const status = await t.app.inject({ method: 'GET', url: '/api/user/email-change', headers: await session(user.email) });
    expect(status.json()).toEqual({ email: user.email, pending: null });
  });

  it('refuses a malformed address, the own one, one in use, and a wrong password', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const fieldCode = async (response: Awaited<ReturnType<typeof request>>) => response.json<{ field_codes: Record<string, { code: string }> }>().field_codes;
    const malformed = await request(user, 'not-an-address');
    expect(malformed.statusCode).toBe(400);
    expect(await fieldCode(malformed)).toEqual({ email: { code: 'email_invalid' } });
    expect(await fieldCode(await request(user, ` ${user.email.toUpperCase()} `))).toEqual({ email: { code: 'email_unchanged' } });
    const taken = await request(user, other.email);
    expect(taken.statusCode).toBe(409);
    expect(await fieldCode(taken)).toEqual({ email: { code: 'email_in_use' } });
    const wrong = await request(user, uniqueEmail('x'), 'not the password 1');
    expect(wrong.statusCode).toBe(400);
    expect(await fieldCode(wrong)).toEqual({ password: { code: 'password_wrong' } });
    // A taken address is told only to whoever knows the password: the wrong one is refused first.
    expect(await fieldCode(await request(user, other.email, 'not the password 1'))).toEqual({ password: { code: 'password_wrong' } });
    expect((await call(t.app, user, 'POST', '/api/user/email-change', { email: 'a@b.cd' })).statusCode).toBe(400);
    expect((await call(t.app, user, 'POST', '/api/user/email-change', { email: 'x'.repeat(300), password: PASSWORD })).statusCode).toBe(400);
    expect((await call(t.app, user, 'GET', '/api/user/email-change')).json()).toEqual({ email: user.email, pending: null });
    expect(
      await t.db.selectFrom('mail_outbox').select('id').where('template', 'like', 'email_change%').where('params', 'like', `%${user.email}%`).execute(),
    ).toEqual([]);
  });

  it('counts wrong passwords as failed sign-ins of the account: the form cannot be used to guess', async () => {
    const user = await signUp(t.app);
    for (let attempt = 0; attempt < 3; attempt++) expect((await request(user, uniqueEmail('g'), `guess ${attempt} x`)).statusCode).toBe(400);
    const locked = await request(user, uniqueEmail('g'));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: {
            formFields: [
              { id: 'email', value: user.email },
              { id: 'password', value: PASSWORD },
            ],
          },
        })
      ).statusCode,
    ).toBe(429);
  });

  it('resends with a limit (the earlier link stops working) and cancels', async () => {
    const user = await signUp(t.app);
    const newEmail = uniqueEmail('resend');
    const first = await requestAndRead(user, newEmail);
    const resend = () => call(t.app, user, 'POST', '/api/user/email-change/resend');
    expect((await resend()).json()).toMatchObject({ pending: { email: newEmail } });
    expect((await resend()).statusCode).toBe(200);
    // Three mails to new addresses an hour (VERIFICATION_RESEND_MAX=3): request and two resends.
    expect((await resend()).statusCode).toBe(429);
    const mails = await smtp.waitFor(newEmail, CHANGE, 3);
    // A resend tells the old address nothing new.
    expect(smtp.to(user.email, NOTICE)).toHaveLength(1);
    expect(await confirm(first)).toBe('EMAIL_CHANGE_INVALID_TOKEN_ERROR');
    const latest = linkIn(mails[2]!, CONFIRM_PATH).searchParams.get('token');

    expect((await call(t.app, user, 'DELETE', '/api/user/email-change')).statusCode).toBe(204);
    expect((await call(t.app, user, 'GET', '/api/user/email-change')).json()).toEqual({ email: user.email, pending: null });
    expect(await confirm(latest)).toBe('EMAIL_CHANGE_INVALID_TOKEN_ERROR');
    expect(await signIn(user.email)).toBe('OK');
  });

  it('answers 404 to a resend with nothing pending', async () => {
    const user = await signUp(t.app);
    expect((await call(t.app, user, 'POST', '/api/user/email-change/resend')).statusCode).toBe(404);
  });

  it('refuses the switch when another account took the address meanwhile, and links mailed to the old address stop working', async () => {
    const user = await signUp(t.app);
    const contested = uniqueEmail('contested');
    const token = await requestAndRead(user, contested);
    await signUp(t.app, contested);
    expect(await confirm(token)).toBe('EMAIL_ALREADY_EXISTS_ERROR');
    expect(await signIn(user.email)).toBe('OK');

    const mover = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/user/password/reset/token', payload: { formFields: [{ id: 'email', value: mover.email }] } });
    const reset = linkIn((await smtp.waitFor(mover.email, /passw/i))[0]!, '/auth/reset-password').searchParams.get('token');
    expect(await confirm(await requestAndRead(mover, uniqueEmail('mover')))).toBe('OK');
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/password/reset',
      payload: { method: 'token', token: reset, formFields: [{ id: 'password', value: 'brand new pass 9' }] },
    });
    expect(late.json()).toEqual({ status: 'RESET_PASSWORD_INVALID_TOKEN_ERROR' });
  });

  it('needs a session, not an API key, and a well-formed token', async () => {
    const user = await signUp(t.app);
    const key = await createApiKey(t, user, 'k');
    expect((await callWithKey(t.app, key, 'POST', '/api/user/email-change', { email: uniqueEmail('k'), password: PASSWORD })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/email-change' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/user/email/change/confirm', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/user/email/change/confirm', payload: { token: 'x'.repeat(300) } })).statusCode).toBe(400);
    expect(await confirm('unknown')).toBe('EMAIL_CHANGE_INVALID_TOKEN_ERROR');
  });
});
