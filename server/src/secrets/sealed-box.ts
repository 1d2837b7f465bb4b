import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretKey } from './secret-key.js';

/** Sealed values read `enc:v1:<key id>:<base64 of IV, ciphertext, tag>`. */
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/** The stored values cannot be opened with this node's key: the wrong key, or the values were altered. */
export class SecretKeyMismatchError extends Error {
  override name = 'SecretKeyMismatchError';
}

/**
 * AES-256-GCM with a fresh IV per value. The name the value is stored under is authenticated
 * with it (additional data), so a sealed value moved to another name does not open.
 */
export function seal(key: SecretKey, name: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${key.id}:${body.toString('base64')}`;
}

export function open(key: SecretKey, name: string, sealed: string): string {
  const [keyId, body] = sealed.slice(PREFIX.length).split(':');
  if (!isSealed(sealed) || keyId === undefined || body === undefined) throw new SecretKeyMismatchError(`the stored secret "${name}" is not sealed`);
  if (keyId !== key.id) {
    throw new SecretKeyMismatchError(
      `the secret key (id ${key.id}, from ${key.source}) does not open the secrets stored in the database, which were sealed with key id ${keyId}. ` +
        'Every node sharing the database needs the same key: set SECRET_KEY or SECRET_KEY_FILE to it (README, "Secrets at rest").',
    );
  }
  const bytes = Buffer.from(body, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(name, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyMismatchError(`the stored secret "${name}" does not open with key id ${key.id}: it was altered or damaged`);
  }
}
