import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Compact HS256 JWT; the server is the only party that signs and verifies its access tokens. */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = hmac(secret, `${header}.${body}`).toString('base64url');
  return `${header}.${body}.${signature}`;
}

/** Returns the payload when the signature is ours, whatever its expiry (callers check `exp`). */
export function verifyJwtSignature(token: string, secret: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, signature] = parts as [string, string, string];
  if (!safeEqual(Buffer.from(signature, 'base64url'), hmac(secret, `${header}.${body}`))) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refresh tokens are `<session handle>.<random>.<mac>`: the handle finds the session without a
 * scan, and the MAC tells a token we issued (possibly an old, rotated-out one) from garbage.
 */
export function makeRefreshToken(handle: string, secret: string): string {
  const body = `${handle}.${randomToken(32)}`;
  return `${body}.${hmac(secret, body).toString('base64url')}`;
}

export function parseRefreshToken(token: string, secret: string): { handle: string } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [handle, random, mac] = parts as [string, string, string];
  if (!safeEqual(Buffer.from(mac, 'base64url'), hmac(secret, `${handle}.${random}`))) return undefined;
  return { handle };
}
