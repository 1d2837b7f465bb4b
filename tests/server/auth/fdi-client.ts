import type { AddressInfo } from 'node:net';
import { CookieJar } from 'tough-cookie';
import SuperTokens from 'supertokens-web-js';
import EmailPassword from 'supertokens-web-js/recipe/emailpassword';
import Session from 'supertokens-web-js/recipe/session';
import EmailVerification from 'supertokens-web-js/recipe/emailverification';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';

/** What the server answered, recorded to check headers the client consumes silently. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, unknown>;
}

export interface ClientHarness {
  t: TestApp;
  origin: string;
  exchanges: Exchange[];
  /** The Node fetch before supertokens wrapped it, with the same cookie jar (to replay tokens). */
  rawFetch: typeof fetch;
  jar: CookieJar;
  close(): Promise<void>;
}

/**
 * Starts a real server on a free port and initialises the real supertokens-web-js client
 * against it, in a jsdom window whose fetch keeps cookies like a browser does.
 */
export async function startClient(mode: 'cookie' | 'header', env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<ClientHarness> {
  const exchanges: Exchange[] = [];
  const t = await createTestApp(
    { ACCESS_TOKEN_TTL_SECONDS: '60', ...env },
    (app) => {
      app.addHook('onSend', async (request, reply, payload) => {
        exchanges.push({ method: request.method, url: request.url, status: reply.statusCode, headers: reply.getHeaders() });
        return payload;
      });
    },
    options,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const origin = `http://localhost:${port}`;

  const jar = new CookieJar();
  const nodeFetch = globalThis.fetch;
  const rawFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const cookie = await jar.getCookieString(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await nodeFetch(url.replace('//localhost:', '//127.0.0.1:'), { ...init, headers });
    for (const setCookie of response.headers.getSetCookie()) await jar.setCookie(setCookie, url);
    return response;
  };
  window.fetch = rawFetch;

  SuperTokens.init({
    appInfo: { appName: 'LoRa console test', apiDomain: origin, apiBasePath: '/api/auth' },
    recipeList: [Session.init({ tokenTransferMethod: mode }), EmailPassword.init(), EmailVerification.init()],
  });
  return { t, origin, exchanges, rawFetch, jar, close: () => t.close() };
}

export const form = (email: string, password: string) => ({
  formFields: [
    { id: 'email', value: email },
    { id: 'password', value: password },
  ],
});

/** Reads a frontend (non-HttpOnly) cookie the client stored in the window. */
export function frontendCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}
