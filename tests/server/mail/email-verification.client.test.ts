// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import EmailPassword from 'supertokens-web-js/recipe/emailpassword';
import EmailVerification from 'supertokens-web-js/recipe/emailverification';
import { PASSWORD, signUp, uniqueEmail } from '../helpers/users.js';
import { form, startClient, type ClientHarness } from '../auth/fdi-client.js';
import { linkIn, SmtpReceiver } from '../helpers/smtp-receiver.js';

const CONFIRM = /confirm|bestätigen/i;

/** Address verification (FDI email-verification recipe) through the real supertokens-web-js client. */
describe('e-mail verification by mail', () => {
  let h: ClientHarness;
  const smtp = new SmtpReceiver();
  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    h.t.app.inject({ method: method as 'GET' | 'POST', url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    h = await startClient('cookie', { SMTP_URL: smtpUrl, PUBLIC_URL: 'https://console.example.com', VERIFICATION_RESEND_MAX: '2' }, { mail: true });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it('mails a link on sign-up whose token flips the flag', async () => {
    const email = uniqueEmail('verify');
    expect((await EmailPassword.signUp(form(email, PASSWORD))).status).toBe('OK');
    expect((await EmailVerification.isEmailVerified()).isVerified).toBe(false);
    const [mail] = await smtp.waitFor(email, CONFIRM);
    expect(mail?.subject).toBe('Confirm your e-mail address');
    const link = linkIn(mail!, '/auth/verify-email');
    window.history.pushState({}, '', `/auth/verify-email${link.search}`);
    expect((await EmailVerification.verifyEmail()).status).toBe('OK');
    expect((await EmailVerification.isEmailVerified()).isVerified).toBe(true);
    const row = await h.t.db.selectFrom('users').select('email_verified').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(1);
    // One use; and a verified address needs no new mail.
    expect((await EmailVerification.verifyEmail()).status).toBe('EMAIL_VERIFICATION_INVALID_TOKEN_ERROR');
    expect((await EmailVerification.sendVerificationEmail()).status).toBe('EMAIL_ALREADY_VERIFIED_ERROR');
  });

  it('resends on request, with a limit per user', async () => {
    const user = await signUp(h.t.app);
    await smtp.waitFor(user.email, CONFIRM);
    expect((await call('POST', '/api/auth/user/email/verify/token', user.headers)).json()).toEqual({ status: 'OK' });
    expect((await call('POST', '/api/auth/user/email/verify/token', user.headers)).json()).toEqual({ status: 'OK' });
    expect((await call('POST', '/api/auth/user/email/verify/token', user.headers)).statusCode).toBe(429);
    const mails = await smtp.waitFor(user.email, CONFIRM, 3);
    // Any of the links works; afterwards none does.
    const token = linkIn(mails[1]!, '/auth/verify-email').searchParams.get('token');
    expect((await call('POST', '/api/auth/public/user/email/verify', {}, { method: 'token', token })).json()).toEqual({ status: 'OK' });
    const other = linkIn(mails[2]!, '/auth/verify-email').searchParams.get('token');
    expect((await call('POST', '/api/auth/user/email/verify', {}, { method: 'token', token: other })).json()).toEqual({
      status: 'EMAIL_VERIFICATION_INVALID_TOKEN_ERROR',
    });
    expect((await call('GET', '/api/auth/user/email/verify', user.headers)).json()).toEqual({ status: 'OK', isVerified: true });
  });

  it('needs a session to ask or resend, and refuses bad input', async () => {
    expect((await call('GET', '/api/auth/user/email/verify')).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/user/email/verify/token')).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/user/email/verify', {}, { method: 'token' })).statusCode).toBe(400);
    expect((await call('POST', '/api/auth/user/email/verify', {}, { token: 'x'.repeat(300) })).statusCode).toBe(400);
    expect((await call('POST', '/api/auth/other/user/email/verify', {}, { token: 'abc' })).statusCode).toBe(404);
  });

  it('signs in and uses the API without a verified address (password reset needs none either: its tests never verify)', async () => {
    const user = await signUp(h.t.app);
    expect((await h.t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: form(user.email, PASSWORD) })).json()).toMatchObject({ status: 'OK' });
    expect((await call('GET', '/api/user/', user.headers)).statusCode).toBe(200);
  });
});
