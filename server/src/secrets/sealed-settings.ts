import type { Db } from '../db/database.js';
import { readSettings, replaceSettings, settingsStore, type KeyValueStore } from '../repositories/settings.js';
import { isSealed, open, seal } from './sealed-box.js';
import { loadSecretKey, type SecretKey, type SecretKeySettings } from './secret-key.js';
import { checkWebhookSecrets, resealWebhookSecrets, sealPlaintextWebhookSecrets } from './webhook-secrets.js';

/**
 * The settings that are secrets and are stored sealed: the session signing secret (app.ts) and
 * the platform CA's private key (dataplane/pki/ca.ts). The CA certificate is public and stays readable.
 */
export const SEALED_SETTINGS: readonly string[] = ['session_signing_secret', 'platform_ca_key'];

const sealedName = (key: string) => SEALED_SETTINGS.includes(key);

/** The settings store with the secret ones sealed on the way in and opened on the way out. */
export function sealedSettingsStore(db: Db, key: SecretKey): KeyValueStore {
  const plain = settingsStore(db);
  return {
    async get(name) {
      const value = await plain.get(name);
      // A plaintext secret is refused too: it would be one that anybody with write access to the table chose.
      return value !== undefined && sealedName(name) ? open(key, name, value) : value;
    },
    putIfAbsent: (entries) =>
      plain.putIfAbsent(Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, sealedName(name) ? seal(key, name, value) : value]))),
  };
}

/**
 * Seals the secrets a version before sealing stored in plaintext; every start runs it. Nodes
 * starting at once on one database do not clash: a value is rewritten only if it still holds
 * the plaintext read (the first node's seal wins, the others find it sealed).
 */
export async function sealPlaintextSettings(db: Db, key: SecretKey): Promise<string[]> {
  const stored = await readSettings(db, SEALED_SETTINGS);
  const changes = [...stored].filter(([, value]) => !isSealed(value)).map(([name, value]) => ({ key: name, from: value, to: seal(key, name, value) }));
  // When another node sealed them first, its values stand (they open with the same key).
  if (changes.length === 0 || !(await replaceSettings(db, changes))) return [];
  return changes.map((change) => change.key);
}

/**
 * Seals every secret again with a new key (key rotation): the secret settings and every
 * webhook's signing secret, in one transaction. Each value is opened with the current key
 * first, so a wrong current key changes nothing.
 */
export async function resealSettings(db: Db, current: SecretKey, next: SecretKey): Promise<string[]> {
  await sealPlaintextSettings(db, current);
  await sealPlaintextWebhookSecrets(db, current);
  return db.transaction().execute(async (trx) => {
    const stored = await readSettings(trx, SEALED_SETTINGS);
    const changes = [...stored].map(([name, value]) => ({ key: name, from: value, to: seal(next, name, open(current, name, value)) }));
    if (!(await replaceSettings(trx, changes))) throw new Error('the secrets changed while they were sealed again (is a node running?); nothing was changed');
    const hooks = await resealWebhookSecrets(trx, current, next);
    return [...changes.map((change) => change.key), ...(hooks > 0 ? [`${hooks} webhook signing secret${hooks === 1 ? '' : 's'}`] : [])];
  });
}

/** What a process works with once its key is checked: the settings store and the key for other sealed values. */
export interface OpenedSecrets {
  settings: KeyValueStore;
  key: SecretKey;
}

/**
 * This node's key loaded (the default key file created on first start), plaintext secrets of an
 * earlier version sealed, the key checked against what is stored. A wrong key fails here, with
 * a message that says so, before anything else runs.
 */
export async function openSecrets(db: Db, settings: SecretKeySettings): Promise<OpenedSecrets> {
  const key = await loadSecretKey(settings);
  await sealPlaintextSettings(db, key);
  await sealPlaintextWebhookSecrets(db, key);
  const stored = await readSettings(db, SEALED_SETTINGS);
  for (const [name, value] of stored) open(key, name, value);
  await checkWebhookSecrets(db, key);
  return { settings: sealedSettingsStore(db, key), key };
}

/** The settings store of a process that needs no other sealed values (the CLI commands). */
export async function openSecretSettings(db: Db, settings: SecretKeySettings): Promise<KeyValueStore> {
  return (await openSecrets(db, settings)).settings;
}
