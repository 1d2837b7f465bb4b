/**
 * The console's requests without the session client on the first view (issue #20): the client
 * (supertokens-web-js and supertokens-website, about 30 KiB gzip) wraps window.fetch to refresh
 * an expired access token and to add the anti-CSRF header, and neither is needed by a read with a
 * valid token: the HttpOnly access cookie goes with every request, and the server checks the
 * anti-CSRF header only on state-changing ones (server/src/auth/identity.ts). So a read goes out
 * as it is; a 401 loads the client and sends the request again through it, which refreshes the
 * session (or finds it gone) exactly as it did when it wrapped every request. A write waits for
 * the client. Once loaded, the client handles every request.
 */
type SessionModule = typeof import('./session');
let client: Promise<SessionModule> | undefined;
let ready = false;

/**
 * The session client, initialised (it wraps window.fetch from then on); loaded once. Imported here
 * rather than through client.ts, which the sign-in entry owns: a module both entries import lands
 * in the chunk every page loads.
 */
export function sessionClient(): Promise<SessionModule> {
  client ??= import('./session').then((loaded) => {
    loaded.initSession();
    ready = true;
    return loaded;
  });
  return client;
}

const READS = new Set(['GET', 'HEAD']);

export async function sessionFetch(url: string, init: RequestInit): Promise<Response> {
  if (ready || !READS.has(init.method ?? 'GET')) {
    await sessionClient();
    // window.fetch is read at call time: the client has wrapped it by now.
    return window.fetch(url, init);
  }
  const response = await window.fetch(url, init);
  if (response.status !== 401) return response;
  await sessionClient();
  return window.fetch(url, init);
}
