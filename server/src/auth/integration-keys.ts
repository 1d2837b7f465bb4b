import type { FastifyRequest } from 'fastify';
import { HttpProblem, messages } from '../http/errors.js';
import { findKey, issueKey, type IssuedKey } from './prefixed-keys.js';

/** `li_<lookup>_<secret>`: a company's ingest credential, distinct from users' `lk_` API keys. */
const PREFIX = 'li';
const LOOKUP_LENGTH = 16;

/**
 * A new key for the network server's HTTP integration of one company: it may only post that
 * company's devices' events. The database keeps its lookup and hash; the network server the key.
 */
export const newIntegrationKey = (): IssuedKey => issueKey(PREFIX, LOOKUP_LENGTH);

/**
 * Recognises `Authorization: Bearer li_…` on the ingest endpoint: returns the company whose key it
 * is. A key-shaped token that is wrong or replaced is refused (401), never handed on.
 */
export function integrationKeyAuthenticator(find: (lookup: string) => Promise<{ company_id: string; key_hash: string } | undefined>) {
  return async (request: FastifyRequest): Promise<string | undefined> => {
    const header = request.headers.authorization;
    if (!header?.startsWith(`Bearer ${PREFIX}_`)) return undefined;
    const row = await findKey(header.slice('Bearer '.length).trim(), PREFIX, LOOKUP_LENGTH, find);
    if (!row) throw new HttpProblem(401, 'unauthorized', messages.unauthorized);
    return row.company_id;
  };
}
