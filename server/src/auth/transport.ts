import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedTokens } from './sessions.js';

/** Cookie and header names of the SuperTokens frontend-driver interface (DESIGN §5). */
export const ACCESS_COOKIE = 'sAccessToken';
export const REFRESH_COOKIE = 'sRefreshToken';
export const REFRESH_PATH = '/api/auth/session/refresh';
export const EXPOSED_HEADERS = ['front-token', 'st-access-token', 'st-refresh-token', 'anti-csrf'];

export type TransferMode = 'cookie' | 'header';

/** The client says which mode it uses in `st-auth-mode`; without it we use cookies, as SuperTokens does. */
export function transferMode(request: FastifyRequest): TransferMode {
  return request.headers['st-auth-mode'] === 'header' ? 'header' : 'cookie';
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** A JWT has three dot-separated parts; API keys (also sent as Bearer) do not. */
export const looksLikeJwt = (token: string): boolean => token.split('.').length === 3 && !token.includes(' ');

export interface PresentedToken {
  token: string;
  /** Tokens read from cookies need the anti-CSRF check on state-changing requests. */
  fromCookie: boolean;
}

export function presentedAccessToken(request: FastifyRequest): PresentedToken | undefined {
  const fromHeader = bearer(request);
  if (fromHeader && looksLikeJwt(fromHeader)) return { token: fromHeader, fromCookie: false };
  const fromCookie = request.cookies[ACCESS_COOKIE];
  return fromCookie ? { token: fromCookie, fromCookie: true } : undefined;
}

export function presentedRefreshToken(request: FastifyRequest): PresentedToken | undefined {
  const fromHeader = bearer(request);
  if (fromHeader) return { token: fromHeader, fromCookie: false };
  const fromCookie = request.cookies[REFRESH_COOKIE];
  return fromCookie ? { token: fromCookie, fromCookie: true } : undefined;
}

export function antiCsrfHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['anti-csrf'];
  return typeof value === 'string' ? value : undefined;
}

export interface CookieSettings {
  secure: boolean;
}

export function attachTokens(reply: FastifyReply, tokens: IssuedTokens, mode: TransferMode, cookies: CookieSettings): void {
  // The tokens are secrets: no cache between us and the client may keep this answer.
  reply.header('cache-control', 'no-store');
  reply.header('front-token', tokens.frontToken);
  if (tokens.antiCsrf) reply.header('anti-csrf', tokens.antiCsrf);
  if (mode === 'header') {
    reply.header('st-access-token', tokens.accessToken);
    reply.header('st-refresh-token', tokens.refreshToken);
    return;
  }
  // The access cookie outlives the token itself, so an expired token still reaches us and
  // the client is told to refresh instead of being treated as signed out.
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: cookies.secure, expires: tokens.refreshExpiresAt };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/' });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, path: REFRESH_PATH });
}

/** Ends the session on the client in whichever mode it uses. */
export function clearTokens(reply: FastifyReply, mode: TransferMode, cookies: CookieSettings): void {
  reply.header('front-token', 'remove');
  if (mode === 'header') {
    reply.header('st-access-token', '');
    reply.header('st-refresh-token', '');
    return;
  }
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: cookies.secure, expires: new Date(0) };
  reply.setCookie(ACCESS_COOKIE, '', { ...base, path: '/' });
  reply.setCookie(REFRESH_COOKIE, '', { ...base, path: REFRESH_PATH });
}
