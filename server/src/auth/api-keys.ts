import type { FastifyRequest } from 'fastify';
import { HttpProblem, messages } from '../http/errors.js';
import type { ApiKeysRepository } from '../repositories/api-keys.js';
import type { Authenticator } from './identity.js';
import { findKey, issueKey, type IssuedKey } from './prefixed-keys.js';

const PREFIX = 'lk';
const LOOKUP_LENGTH = 12;
const LAST_USED_RESOLUTION_MS = 60_000;

/** A new API key: the whole text is shown once; the database keeps the lookup and a hash. */
export const newApiKeySecret = (): IssuedKey => issueKey(PREFIX, LOOKUP_LENGTH);

/**
 * Recognises `Authorization: Bearer lk_…`: a valid, unexpired key acts with its owner's rights
 * (at the time of each request), within its scope (routes/company-access.ts).
 * A key-shaped token that is wrong, expired or deleted is refused outright (401), never handed
 * on to the session check.
 */
export function apiKeyAuthenticator(keys: ApiKeysRepository, now: () => Date): Authenticator {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    const presented = header.slice('Bearer '.length).trim();
    if (!presented.startsWith(`${PREFIX}_`)) return undefined;
    const row = await findKey(presented, PREFIX, LOOKUP_LENGTH, keys.findByLookup);
    const at = now();
    if (!row || (row.expires_at !== null && new Date(row.expires_at) <= at)) {
      throw new HttpProblem(401, 'unauthorized', messages.unauthorized);
    }
    if (!row.last_used_at || at.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
      await keys.touch(row.id, at.toISOString());
    }
    return {
      userId: row.user_id,
      via: 'api-key',
      apiKeyId: row.id,
      readOnly: row.read_only === 1,
      ...(row.company_id ? { keyCompanyId: row.company_id } : {}),
    };
  };
}
