import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import EmailPassword from 'supertokens-web-js/recipe/emailpassword';
import Session from 'supertokens-web-js/recipe/session';
import { PASSWORD, uniqueEmail } from '../helpers/users.js';
import { form, frontendCookie, startClient, type ClientHarness } from './fdi-client.js';

/**
 * The session guarantees of DESIGN §5, driven through the real supertokens-web-js client.
 * Each mode runs in its own test file because the client is a per-module singleton.
 */
export function describeSessionFlows(mode: 'cookie' | 'header'): void {
  describe(`supertokens-web-js in ${mode} mode`, () => {
    let h: ClientHarness;
    const email = uniqueEmail(mode);
    const api = (path: string, init?: RequestInit) => window.fetch(`${h.origin}${path}`, init);
    const refreshCalls = () => h.exchanges.filter((e) => e.url === '/api/auth/session/refresh');

    /** The refresh token the client holds right now (HttpOnly cookie or frontend storage). */
    async function currentRefreshToken(): Promise<string> {
      if (mode === 'header') return decodeURIComponent(frontendCookie('st-refresh-token') ?? '');
      const cookies = await h.jar.getCookies(`${h.origin}/api/auth/session/refresh`);
      return cookies.find((c) => c.key === 'sRefreshToken')?.value ?? '';
    }

    async function replayRefresh(token: string): Promise<Response> {
      const headers: Record<string, string> = { rid: 'session', 'st-auth-mode': mode };
      if (mode === 'header') headers.authorization = `Bearer ${token}`;
      else {
        headers.cookie = `sRefreshToken=${token}`;
        const antiCsrf = frontendCookie('sAntiCsrf');
        if (antiCsrf) headers['anti-csrf'] = decodeURIComponent(antiCsrf);
      }
      return fetch(`${h.origin.replace('localhost', '127.0.0.1')}/api/auth/session/refresh`, { method: 'POST', headers });
    }

    beforeAll(async () => {
      h = await startClient(mode);
    });
    afterAll(async () => h.close());

    it('signs up and creates a session', async () => {
      const result = await EmailPassword.signUp(form(email, PASSWORD));
      expect(result.status).toBe('OK');
      expect(await Session.doesSessionExist()).toBe(true);
      const user = await api('/api/user/');
      expect(user.status).toBe(200);
      expect(await user.json()).toMatchObject({ emails: [email] });
    });

    it('refuses a second sign-up with the same email as a field error', async () => {
      const result = await EmailPassword.signUp(form(email.toUpperCase(), PASSWORD));
      expect(result).toMatchObject({ status: 'FIELD_ERROR', formFields: [{ id: 'email', error: expect.stringContaining('already exists') }] });
    });

    it('answers a wrong password with WRONG_CREDENTIALS_ERROR', async () => {
      expect((await EmailPassword.signIn(form(email, 'wrong password 1'))).status).toBe('WRONG_CREDENTIALS_ERROR');
    });

    it('signs in again', async () => {
      const result = await EmailPassword.signIn(form(email, PASSWORD));
      expect(result.status).toBe('OK');
      expect(await Session.getUserId()).toBe(result.status === 'OK' ? result.user.id : '');
    });

    it('refreshes an expired access token and retries the call', async () => {
      const before = refreshCalls().length;
      h.t.clock.advance(61_000);
      const response = await api('/api/user/');
      expect(response.status).toBe(200);
      expect(refreshCalls().length).toBe(before + 1);
      const refreshed = refreshCalls().at(-1);
      expect(refreshed?.status).toBe(200);
      expect(refreshed?.headers['front-token']).toBeTruthy();
    });

    it('revokes the session when a rotated-out refresh token is replayed', async () => {
      const old = await currentRefreshToken();
      h.t.clock.advance(61_000);
      expect((await api('/api/user/')).status).toBe(200); // refreshes, then uses the new token
      expect(await currentRefreshToken()).not.toBe(old);

      const replay = await replayRefresh(old);
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({ message: 'token theft detected' });

      const after = await api('/api/user/');
      expect(after.status).toBe(401);
      expect(await Session.doesSessionExist()).toBe(false);
    });

    it('signs out with front-token remove, after which calls get 401', async () => {
      expect((await EmailPassword.signIn(form(email, PASSWORD))).status).toBe('OK');
      expect((await api('/api/user/')).status).toBe(200);
      await Session.signOut();
      const signOut = h.exchanges.filter((e) => e.url === '/api/auth/signout').at(-1);
      expect(signOut?.headers['front-token']).toBe('remove');
      expect(await Session.doesSessionExist()).toBe(false);
      expect((await api('/api/user/')).status).toBe(401);
    });
  });
}
