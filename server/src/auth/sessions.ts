import { randomUUID } from 'node:crypto';
import type { SessionsRepository } from '../repositories/sessions.js';
import { makeRefreshToken, parseRefreshToken, randomToken, sha256, signJwt, verifyJwtSignature } from './tokens.js';

export interface SessionSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Present for cookie-mode sessions: the client echoes it in the `anti-csrf` header. */
  antiCsrf: string | null;
  /** base64 JSON {uid, ate, up} that supertokens-web-js reads (DESIGN §5). */
  frontToken: string;
  refreshExpiresAt: Date;
}

export type VerifyResult = { ok: true; userId: string; handle: string; accessExpiresAt: number } | { ok: false; reason: 'try-refresh' | 'unauthorised' };

export type RefreshResult = { ok: true; userId: string; tokens: IssuedTokens } | { ok: false; reason: 'unauthorised' | 'theft' };

interface AccessPayload {
  sub: string;
  sessionHandle: string;
  iat: number;
  exp: number;
  /** Prefix of the refresh-token hash this access token was issued with (confirms rotations). */
  rt: string;
  tId: string;
  antiCsrfToken?: string;
}

const RT_PREFIX = 16;

function isAccessPayload(value: Record<string, unknown>): value is Record<string, unknown> & AccessPayload {
  return typeof value.sub === 'string' && typeof value.sessionHandle === 'string' && typeof value.exp === 'number' && typeof value.rt === 'string';
}

/**
 * Sessions with the guarantees of the SuperTokens core: short-lived signed access tokens,
 * rotating refresh tokens stored only as hashes, and theft detection. A rotated refresh token
 * stays usable until its successor is confirmed (the successor or its access token was used),
 * so a lost refresh response does not sign the user out; any older token is theft.
 */
export class SessionService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly secret: string,
    private readonly settings: SessionSettings,
    private readonly now: () => Date,
  ) {}

  async create(userId: string, cookieMode: boolean): Promise<IssuedTokens> {
    const handle = randomUUID();
    const refreshToken = makeRefreshToken(handle, this.secret);
    const antiCsrf = cookieMode ? randomToken(24) : null;
    const created = this.now();
    const refreshExpiresAt = new Date(created.getTime() + this.settings.refreshTokenTtlSeconds * 1000);
    await this.repo.insert({
      handle,
      user_id: userId,
      refresh_hash: sha256(refreshToken),
      parent_refresh_hash: null,
      anti_csrf: antiCsrf,
      created_at: created.toISOString(),
      expires_at: refreshExpiresAt.toISOString(),
      revoked_at: null,
    });
    return this.issue(userId, handle, refreshToken, antiCsrf, refreshExpiresAt);
  }

  async verify(accessToken: string, antiCsrf: { required: boolean; header: string | undefined }): Promise<VerifyResult> {
    const payload = verifyJwtSignature(accessToken, this.secret);
    if (!payload || !isAccessPayload(payload)) return { ok: false, reason: 'unauthorised' };
    if (payload.exp * 1000 <= this.now().getTime()) return { ok: false, reason: 'try-refresh' };
    if (antiCsrf.required && (!payload.antiCsrfToken || antiCsrf.header !== payload.antiCsrfToken)) {
      return { ok: false, reason: 'try-refresh' };
    }
    const session = await this.repo.find(payload.sessionHandle);
    if (!session || session.revoked_at || new Date(session.expires_at) <= this.now()) {
      return { ok: false, reason: 'unauthorised' };
    }
    if (session.parent_refresh_hash && session.refresh_hash.startsWith(payload.rt)) {
      await this.repo.confirmChild(session.handle);
    }
    return { ok: true, userId: session.user_id, handle: session.handle, accessExpiresAt: payload.exp * 1000 };
  }

  /**
   * The user a validly signed, unexpired access token names, without asking the database: enough
   * to refuse early what the full check would refuse too (a user over a rate limit), never enough
   * to let anything through.
   */
  claimedUserId(accessToken: string): string | undefined {
    const payload = verifyJwtSignature(accessToken, this.secret);
    if (!payload || !isAccessPayload(payload) || payload.exp * 1000 <= this.now().getTime()) return undefined;
    return payload.sub;
  }

  async refresh(refreshToken: string, antiCsrf: { required: boolean; header: string | undefined }): Promise<RefreshResult> {
    const parsed = parseRefreshToken(refreshToken, this.secret);
    if (!parsed) return { ok: false, reason: 'unauthorised' };
    const presented = sha256(refreshToken);
    // Two attempts: a concurrent refresh may rotate the session between our read and write.
    for (let attempt = 0; attempt < 2; attempt++) {
      const session = await this.repo.find(parsed.handle);
      if (!session || session.revoked_at || new Date(session.expires_at) <= this.now()) {
        return { ok: false, reason: 'unauthorised' };
      }
      if (antiCsrf.required && session.anti_csrf && antiCsrf.header !== session.anti_csrf) {
        return { ok: false, reason: 'unauthorised' };
      }
      const isCurrent = presented === session.refresh_hash;
      const isUnconfirmedParent = presented === session.parent_refresh_hash;
      if (!isCurrent && !isUnconfirmedParent) {
        await this.repo.revoke(session.handle, this.now().toISOString());
        return { ok: false, reason: 'theft' };
      }
      const next = makeRefreshToken(session.handle, this.secret);
      const refreshExpiresAt = new Date(this.now().getTime() + this.settings.refreshTokenTtlSeconds * 1000);
      const rotated = await this.repo.rotate(session.handle, session.refresh_hash, {
        refresh_hash: sha256(next),
        // Using the current token confirms it: it becomes the parent of the new one.
        // Using the unconfirmed parent again re-issues its child; the parent stays.
        parent_refresh_hash: isCurrent ? presented : session.parent_refresh_hash,
        expires_at: refreshExpiresAt.toISOString(),
      });
      if (rotated) {
        return { ok: true, userId: session.user_id, tokens: this.issue(session.user_id, session.handle, next, session.anti_csrf, refreshExpiresAt) };
      }
    }
    return { ok: false, reason: 'unauthorised' };
  }

  /** Revokes the session a validly signed access token names, even an expired one. */
  async revokeByAccessToken(accessToken: string): Promise<void> {
    const payload = verifyJwtSignature(accessToken, this.secret);
    if (payload && isAccessPayload(payload)) await this.repo.revoke(payload.sessionHandle, this.now().toISOString());
  }

  private issue(userId: string, handle: string, refreshToken: string, antiCsrf: string | null, refreshExpiresAt: Date): IssuedTokens {
    const iat = Math.floor(this.now().getTime() / 1000);
    const payload: AccessPayload = {
      sub: userId,
      sessionHandle: handle,
      iat,
      exp: iat + this.settings.accessTokenTtlSeconds,
      rt: sha256(refreshToken).slice(0, RT_PREFIX),
      tId: 'public',
      ...(antiCsrf ? { antiCsrfToken: antiCsrf } : {}),
    };
    const front = { uid: userId, ate: payload.exp * 1000, up: payload };
    return {
      accessToken: signJwt({ ...payload }, this.secret),
      refreshToken,
      antiCsrf,
      frontToken: Buffer.from(JSON.stringify(front), 'utf8').toString('base64'),
      refreshExpiresAt,
    };
  }
}
