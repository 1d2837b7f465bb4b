import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpProblem, messages } from '../http/errors.js';
import { randomToken, sha256 } from './tokens.js';

/** `li_<lookup>_<secret>`: a company's ingest credential, distinct from users' `lk_` API keys. */
export const INTEGRATION_KEY_PATTERN = /^li_([A-Za-z0-9]{16})_([A-Za-z0-9_-]{40,})$/;

const lookupPart = (): string => {
  let lookup = '';
  while (lookup.length < 16) lookup += randomToken(24).replace(/[^A-Za-z0-9]/g, '');
  return lookup.slice(0, 16);
};

/**
 * A new key for the network server's HTTP integration of one company: it may only post that
 * company's devices' events. The database keeps its lookup and hash; the network server the key.
 */
export function newIntegrationKey(): { key: string; lookup: string; hash: string } {
  const lookup = lookupPart();
  const key = `li_${lookup}_${randomToken(32)}`;
  return { key, lookup, hash: sha256(key) };
}

/**
 * Recognises `Authorization: Bearer li_…` on the ingest endpoint: returns the company whose key it
 * is. A key-shaped token that is wrong or replaced is refused (401), never handed on.
 */
export function integrationKeyAuthenticator(find: (lookup: string) => Promise<{ company_id: string; key_hash: string } | undefined>) {
  return async (request: FastifyRequest): Promise<string | undefined> => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer li_')) return undefined;
    const presented = header.slice('Bearer '.length).trim();
    const match = INTEGRATION_KEY_PATTERN.exec(presented);
    const row = match ? await find(match[1] as string) : undefined;
    const expected = Buffer.from(row?.key_hash ?? '0'.repeat(64), 'hex');
    if (!row || !timingSafeEqual(Buffer.from(sha256(presented), 'hex'), expected)) throw new HttpProblem(401, 'unauthorized', messages.unauthorized);
    return row.company_id;
  };
}
