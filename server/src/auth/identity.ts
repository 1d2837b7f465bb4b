import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { SessionService } from './sessions.js';
import { antiCsrfHeader, clearTokens, presentedAccessToken, transferMode, type CookieSettings } from './transport.js';

export interface Identity {
  userId: string;
  via: 'session' | 'api-key';
  /** The key a request authenticated with (via 'api-key'): the audit log names it. */
  apiKeyId?: string | undefined;
  sessionHandle?: string;
  /** A session's access token expires then (ms since the epoch): a live stream ends there and the client refreshes. */
  accessExpiresAt?: number;
  /** An API key's scope: the one company it reaches (absent: all of its owner's) and whether it may only read. */
  keyCompanyId?: string;
  readOnly?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
  }
}

/**
 * Something that may recognise the caller from a request (session tokens, API keys).
 * Returns undefined when the request carries nothing it understands.
 */
export type Authenticator = (request: FastifyRequest) => Promise<Identity | undefined>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 401 bodies exactly as supertokens-web-js expects them. */
export function sendTryRefresh(reply: FastifyReply): FastifyReply {
  return reply.code(401).send({ message: 'try refresh token' });
}

export function sendUnauthorised(reply: FastifyReply): FastifyReply {
  return reply.code(401).send({ message: 'unauthorised' });
}

/**
 * The onRequest hook of every protected route: API keys first (machine access), then the
 * session. Without either the answer is 401 `unauthorised`; an expired session access token
 * gets `try refresh token` so the client refreshes and retries.
 */
export function requireIdentity(sessions: SessionService, others: Authenticator[], cookies: CookieSettings): onRequestHookHandler {
  return identify(sessions, others, cookies);
}

/** The user a request's session access token names, by its signature alone (see SessionService.claimedUserId). */
export const sessionClaim =
  (sessions: SessionService) =>
  (request: FastifyRequest): string | undefined => {
    const presented = presentedAccessToken(request);
    return presented ? sessions.claimedUserId(presented.token) : undefined;
  };

/** requireIdentity's check as a plain function, for hooks that try another credential first (the ingest endpoint). */
export function identify(sessions: SessionService, others: Authenticator[], cookies: CookieSettings) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    for (const authenticate of others) {
      const identity = await authenticate(request);
      if (identity) {
        request.identity = identity;
        return;
      }
    }
    const presented = presentedAccessToken(request);
    if (!presented) return sendUnauthorised(reply);
    const result = await sessions.verify(presented.token, {
      required: presented.fromCookie && !SAFE_METHODS.has(request.method),
      header: antiCsrfHeader(request),
    });
    if (result.ok) {
      request.identity = { userId: result.userId, via: 'session', sessionHandle: result.handle, accessExpiresAt: result.accessExpiresAt };
      return;
    }
    if (result.reason === 'try-refresh') return sendTryRefresh(reply);
    clearTokens(reply, transferMode(request), cookies);
    return sendUnauthorised(reply);
  };
}
