import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The key that seals secrets at rest (AES-256-GCM), with a short id that names it in stored values and messages. */
export interface SecretKey {
  bytes: Buffer;
  /** 8 hex digits of a hash of the key: says which key sealed a value without telling anything of the key. */
  id: string;
  /** Where it came from, for messages: `SECRET_KEY` or the file's path. */
  source: string;
}

/** Where this node takes its key from (config.ts reads the environment). */
export interface SecretKeySettings {
  /** SECRET_KEY: the key itself. */
  key: string | undefined;
  /** SECRET_KEY_FILE, or DATA_DIR/secret.key by default. */
  file: string;
  /** Only the default file is created when missing; a configured one that is missing is an error. */
  createFile: boolean;
}

const KEY_BYTES = 32;

export function secretKeyId(bytes: Buffer): string {
  return createHash('sha256').update('lora-console secret key id\0').update(bytes).digest('hex').slice(0, 8);
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=$/;

/** A key written as 64 hex digits or as base64 of 32 bytes (`openssl rand -base64 32`). */
export function parseSecretKey(text: string, source: string): SecretKey {
  const trimmed = text.trim();
  const bytes = HEX_KEY.test(trimmed) ? Buffer.from(trimmed, 'hex') : BASE64_KEY.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined;
  if (!bytes) throw new Error(`${source} must hold a ${KEY_BYTES}-byte key as 64 hex digits or base64 (e.g. the output of "openssl rand -base64 32")`);
  return { bytes, id: secretKeyId(bytes), source };
}

export const newSecretKeyText = (): string => randomBytes(KEY_BYTES).toString('base64');

/**
 * Writes a key file readable by its owner only, never over an existing one: written aside first
 * and linked into place, so a process reading it never sees half a key, and of two processes
 * creating it at once the second reads the first's.
 */
export async function writeKeyFileOnce(file: string, text: string): Promise<boolean> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(aside, `${text}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(aside, { force: true });
  }
}

/** This node's key: SECRET_KEY, else the key file (the default one created on first start). */
export async function loadSecretKey(settings: SecretKeySettings): Promise<SecretKey> {
  if (settings.key !== undefined) return parseSecretKey(settings.key, 'SECRET_KEY');
  try {
    return parseSecretKey(await fs.readFile(settings.file, 'utf8'), settings.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !settings.createFile) throw error;
  }
  await writeKeyFileOnce(settings.file, newSecretKeyText());
  return parseSecretKey(await fs.readFile(settings.file, 'utf8'), settings.file);
}
