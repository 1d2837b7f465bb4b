// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import EmailPassword from 'supertokens-web-js/recipe/emailpassword';
import Session from 'supertokens-web-js/recipe/session';
import { PASSWORD, signUp, uniqueEmail } from '../helpers/users.js';
import { form, startClient, type ClientHarness } from '../auth/fdi-client.js';
import { linkIn, SmtpReceiver } from '../helpers/smtp-receiver.js';

const NEW_PASSWORD = 'new battery staple 7';
/** The reset mail in either language (sign-up sends a verification mail to the same address). */
const RESET = /passw/i;
const emailForm = (email: string) => ({ formFields: [{ id: 'email', value: email }] });

/** Password reset through the real supertokens-web-js client, with the mail read off a real SMTP server. */
describe('password reset by mail', () => {
  let h: ClientHarness;
  const smtp = new SmtpReceiver();
  const api = (path: string) => window.fetch(`${h.origin}${path}`);
  const post = (url: string, payload: object) => h.t.app.inject({ method: 'POST', url, payload });

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    h = await startClient('cookie', { SMTP_URL: smtpUrl, PUBLIC_URL: 'https://console.example.com', MAIL_FROM: 'LoRa <noreply@example.com>' }, { mail: true });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it("mails a one-hour, one-use link that sets the password and ends the user's sessions", async () => {
    const email = uniqueEmail('reset');
    expect((await EmailPassword.signUp(form(email, PASSWORD))).status).toBe('OK');
    expect((await api('/api/user/')).status).toBe(200);

    expect((await EmailPassword.sendPasswordResetEmail(emailForm(email))).status).toBe('OK');
    const [mail] = await smtp.waitFor(email, RESET);
    expect(mail?.subject).toBe('Reset your LoRa Console password');
    expect(mail?.html).toContain('Choose a new password');
    const link = linkIn(mail!, '/auth/reset-password');
    expect(link.origin).toBe('https://console.example.com');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(30);
    // Only a hash is stored.
    const stored = await h.t.db.selectFrom('account_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    window.history.pushState({}, '', `/auth/reset-password${link.search}`);
    expect((await EmailPassword.submitNewPassword({ formFields: [{ id: 'password', value: NEW_PASSWORD }] })).status).toBe('OK');
    // The session of before the reset is gone.
    expect((await api('/api/user/')).status).toBe(401);
    expect(await Session.doesSessionExist()).toBe(false);

    expect((await EmailPassword.signIn(form(email, PASSWORD))).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await EmailPassword.signIn(form(email, NEW_PASSWORD))).status).toBe('OK');
    // One use.
    expect((await EmailPassword.submitNewPassword({ formFields: [{ id: 'password', value: 'another one 99' }] })).status).toBe(
      'RESET_PASSWORD_INVALID_TOKEN_ERROR',
    );
    // The link came to the address, which proves it.
    const row = await h.t.db.selectFrom('users').select('email_verified').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(1);
  });

  it('answers OK for an unknown address and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    expect((await post('/api/auth/user/password/reset/token', emailForm(unknown))).json()).toEqual({ status: 'OK' });
    expect((await post('/api/auth/public/user/password/reset/token', emailForm(unknown))).json()).toEqual({ status: 'OK' });
    const queued = await h.t.db.selectFrom('mail_outbox').select('id').where('recipient', '=', unknown).execute();
    expect(queued).toEqual([]);
  });

  it('refuses a link after an hour, and a weak password', async () => {
    const user = await signUp(h.t.app);
    await post('/api/auth/user/password/reset/token', emailForm(user.email));
    const token = linkIn((await smtp.waitFor(user.email, RESET))[0]!, '/auth/reset-password').searchParams.get('token');
    const weak = await post('/api/auth/public/user/password/reset', { method: 'token', token, formFields: [{ id: 'password', value: 'short' }] });
    expect(weak.json()).toMatchObject({ status: 'FIELD_ERROR', formFields: [{ id: 'password', code: 'password_too_short' }] });
    h.t.clock.advance(61 * 60_000);
    const late = await post('/api/auth/user/password/reset', { method: 'token', token, formFields: [{ id: 'password', value: NEW_PASSWORD }] });
    expect(late.json()).toEqual({ status: 'RESET_PASSWORD_INVALID_TOKEN_ERROR' });
  });

  it('mails in the user’s language', async () => {
    const user = await signUp(h.t.app);
    await h.t.app.inject({ method: 'PUT', url: '/api/user/', headers: user.headers, payload: { language: 'de' } });
    await post('/api/auth/user/password/reset/token', emailForm(user.email));
    const [mail] = await smtp.waitFor(user.email, RESET);
    expect(mail?.subject).toBe('Passwort für die LoRa Console zurücksetzen');
    expect(mail?.text).toContain('Neues Passwort wählen');
  });

  it('answers bad input with 400 or a field error, and another tenant with 404', async () => {
    expect((await post('/api/auth/user/password/reset/token', { formFields: [] })).statusCode).toBe(400);
    expect((await post('/api/auth/user/password/reset/token', {})).statusCode).toBe(400);
    expect((await post('/api/auth/user/password/reset/token', emailForm('not-an-address'))).json()).toMatchObject({
      status: 'FIELD_ERROR',
      formFields: [{ id: 'email', code: 'email_invalid' }],
    });
    expect((await post('/api/auth/user/password/reset', { formFields: [{ id: 'password', value: NEW_PASSWORD }] })).statusCode).toBe(400);
    expect((await post('/api/auth/other/user/password/reset/token', emailForm(uniqueEmail()))).statusCode).toBe(404);
  });
});
