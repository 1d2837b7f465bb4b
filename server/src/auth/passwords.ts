import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { FieldErrorCode } from '../schemas/messages.js';

// scrypt with N=2^15, r=8 (32 MiB, ~100 ms on this class of machine): slow enough to make
// offline guessing expensive, fast enough for an interactive sign-in.
const PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Encoded as `scrypt$N$r$p$salt$hash` so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Compared against when the email is unknown, so a miss costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return decoyHash;
}

/** Sign-up password rule: what is wrong with a password, as a field code (schemas/messages.ts). */
export function passwordProblem(password: string): FieldErrorCode | undefined {
  if (password.length < 8) return 'password_too_short';
  if (password.length >= 100) return 'password_too_long';
  if (!/[a-zA-Z]/.test(password)) return 'password_needs_letter';
  if (!/[0-9]/.test(password)) return 'password_needs_digit';
  return undefined;
}
