import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpProblem, messages } from '../http/errors.js';
import type { ApiKeysRepository } from '../repositories/api-keys.js';
import type { Authenticator } from './identity.js';
import { randomToken, sha256 } from './tokens.js';

/** `lk_<lookup>_<secret>`: no dots, so it never passes for a session JWT. */
const KEY_PATTERN = /^lk_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{40,})$/;
const LAST_USED_RESOLUTION_MS = 60_000;

const alphanumeric = (length: number): string =>
  randomToken(length * 2)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);

/** A new key: the whole text is shown once; the database keeps the lookup and a hash. */
export function newApiKeySecret(): { key: string; lookup: string; hash: string } {
  let lookup = alphanumeric(12);
  while (lookup.length < 12) lookup = alphanumeric(12);
  const key = `lk_${lookup}_${randomToken(32)}`;
  return { key, lookup, hash: sha256(key) };
}

/**
 * Recognises `Authorization: Bearer lk_…`: a valid, unexpired key acts with its owner's rights.
 * A key-shaped token that is wrong, expired or deleted is refused outright (401), never handed
 * on to the session check.
 */
export function apiKeyAuthenticator(keys: ApiKeysRepository, now: () => Date): Authenticator {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    const presented = header.slice('Bearer '.length).trim();
    if (!presented.startsWith('lk_')) return undefined;
    const match = KEY_PATTERN.exec(presented);
    const row = match ? await keys.findByLookup(match[1] as string) : undefined;
    const expected = Buffer.from(row?.key_hash ?? '0'.repeat(64), 'hex');
    const valid = row !== undefined && timingSafeEqual(Buffer.from(sha256(presented), 'hex'), expected);
    const at = now();
    if (!row || !valid || (row.expires_at !== null && new Date(row.expires_at) <= at)) {
      throw new HttpProblem(401, 'unauthorized', messages.unauthorized);
    }
    if (!row.last_used_at || at.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
      await keys.touch(row.id, at.toISOString());
    }
    return { userId: row.user_id, via: 'api-key' };
  };
}
