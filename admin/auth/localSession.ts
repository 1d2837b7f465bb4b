/**
 * What this browser's session cookies say without the session client (supertokens-website 20):
 * it writes the front token (`sFrontToken`, base64 JSON with the access token's expiry `ate` in
 * ms) and the trace `st-last-access-token-update` with every token it receives, and removes the
 * front token on sign-out or a failed refresh.
 * - `valid`: both are there and the access token has not expired: the client's own
 *   `doesSessionExist` answers yes without asking the server;
 * - `none`: no front token: the client answers no (a browser without the trace is marked as never
 *   signed in first, session.ts);
 * - `ask`: anything else (an expired access token, which needs a refresh, or a token this code
 *   cannot read): only the client can tell.
 */
export type LocalSession = 'valid' | 'none' | 'ask';

const FRONT_TOKEN_COOKIE = 'sFrontToken';
export const SESSION_TRACE_COOKIE = 'st-last-access-token-update';

function cookieValue(cookies: string, name: string): string | undefined {
  for (const cookie of cookies.split(';')) {
    const [key, ...value] = cookie.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function expiryOf(frontToken: string): number | undefined {
  try {
    // UTF-8 JSON inside base64, as supertokens-website writes it.
    const payload: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(frontToken), (char) => char.charCodeAt(0))));
    return typeof payload === 'object' && payload !== null && 'ate' in payload && typeof payload.ate === 'number' ? payload.ate : undefined;
  } catch {
    return undefined;
  }
}

export function localSession(cookies: string, now: number): LocalSession {
  const frontToken = cookieValue(cookies, FRONT_TOKEN_COOKIE);
  if (!frontToken) return 'none';
  if (cookieValue(cookies, SESSION_TRACE_COOKIE) === undefined) return 'ask';
  const expiry = expiryOf(frontToken);
  return expiry !== undefined && expiry > now ? 'valid' : 'ask';
}
