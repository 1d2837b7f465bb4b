import { timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from './tokens.js';

/**
 * Bearer keys of the form `<prefix>_<lookup>_<secret>` (users' `lk_` API keys, companies' `li_`
 * integration keys): the whole key is shown once; the database keeps the lookup, to find the row,
 * and a hash, to check it. No dots, so a key never passes for a session JWT.
 */
export interface IssuedKey {
  key: string;
  lookup: string;
  hash: string;
}

const alphanumeric = (length: number): string => {
  let text = '';
  while (text.length < length) text += randomToken(length * 2).replace(/[^A-Za-z0-9]/g, '');
  return text.slice(0, length);
};

export function issueKey(prefix: string, lookupLength: number): IssuedKey {
  const lookup = alphanumeric(lookupLength);
  const key = `${prefix}_${lookup}_${randomToken(32)}`;
  return { key, lookup, hash: sha256(key) };
}

/**
 * The stored row of a presented key, or undefined when it is malformed, unknown or wrong. The
 * hashes are compared in constant time, and a dummy hash stands in for a missing row, so timing
 * tells nothing about which lookups exist.
 */
export async function findKey<Row extends { key_hash: string }>(
  presented: string,
  prefix: string,
  lookupLength: number,
  find: (lookup: string) => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const match = new RegExp(`^${prefix}_([A-Za-z0-9]{${lookupLength}})_([A-Za-z0-9_-]{40,})$`).exec(presented);
  const row = match ? await find(match[1] as string) : undefined;
  const expected = Buffer.from(row?.key_hash ?? '0'.repeat(64), 'hex');
  const valid = timingSafeEqual(Buffer.from(sha256(presented), 'hex'), expected);
  return row && valid ? row : undefined;
}
