import fs from 'node:fs/promises';
import type { Db } from '../db/database.js';
import { resealSettings } from '../secrets/sealed-settings.js';
import { loadSecretKey, newSecretKeyText, parseSecretKey, type SecretKeySettings } from '../secrets/secret-key.js';

export const SECRETS_ROTATE_USAGE = 'usage: npm run secrets:rotate -- [file holding the new key]';

/**
 * The operator's `npm run secrets:rotate`, with every node stopped: seals the stored secrets again
 * with a new key (read from the given file, or generated) in one transaction. With a key file
 * (SECRET_KEY_FILE or DATA_DIR/secret.key) the new key is written beside it first and moved over
 * it once the database holds the new seals; with SECRET_KEY the output says what to set it to.
 */
export async function rotateSecretsCommand(db: Db, settings: SecretKeySettings, args: readonly string[]): Promise<{ ok: boolean; output: string }> {
  if (args.length > 1) return { ok: false, output: SECRETS_ROTATE_USAGE };
  // Nothing to rotate without a key yet; a missing key file is not made up here.
  const current = await loadSecretKey({ ...settings, createFile: false });
  const given = args[0];
  const nextText = given === undefined ? newSecretKeyText() : (await fs.readFile(given, 'utf8')).trim();
  const next = parseSecretKey(nextText, given ?? 'the new key');
  if (next.id === current.id) return { ok: false, output: `the new key is the current one (id ${current.id})` };

  const fromFile = settings.key === undefined;
  const staged = `${settings.file}.new`;
  if (fromFile) {
    // Written before the database changes, so the new key exists wherever the run stops.
    await fs.rm(staged, { force: true });
    await fs.writeFile(staged, `${nextText}\n`, { mode: 0o600, flag: 'wx' });
  }
  let sealed: string[];
  try {
    sealed = await resealSettings(db, current, next);
  } catch (error) {
    if (fromFile) await fs.rm(staged, { force: true });
    throw error;
  }
  const done = `Sealed again with key id ${next.id} (was ${current.id}): ${sealed.join(', ') || 'nothing stored yet'}.`;
  if (fromFile) {
    await fs.rename(staged, settings.file);
    return { ok: true, output: `${done}\n${settings.file} holds the new key: copy it to every node sharing this database before starting them.` };
  }
  const value = given === undefined ? nextText : `the key in ${given}`;
  return { ok: true, output: `${done}\nSet SECRET_KEY on every node sharing this database to ${value} before starting them.` };
}
