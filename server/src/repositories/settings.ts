import type { Db } from '../db/database.js';

/** Small key-value store in the database, for server-wide state such as signing keys. */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  /**
   * Stores the entries whose keys are not stored yet, all in one transaction; existing values
   * stay. Several processes racing to create the same state thus keep the first one's.
   */
  putIfAbsent(entries: Record<string, string>): Promise<void>;
}

export function settingsStore(db: Db): KeyValueStore {
  return {
    async get(key) {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    async putIfAbsent(entries) {
      // One order for every process, so two transactions never wait on each other crosswise.
      const keys = Object.keys(entries).sort();
      await db.transaction().execute(async (trx) => {
        for (const key of keys) {
          await trx
            .insertInto('settings')
            .values({ key, value: entries[key] as string })
            .onConflict((c) => c.column('key').doNothing())
            .execute();
        }
      });
    },
  };
}

/** Returns the stored value, creating it once with `make`: the first writer wins, every caller gets its value. */
export async function getOrCreate(store: KeyValueStore, key: string, make: () => string): Promise<string> {
  const existing = await store.get(key);
  if (existing !== undefined) return existing;
  await store.putIfAbsent({ [key]: make() });
  const stored = await store.get(key);
  if (stored === undefined) throw new Error(`setting ${key} could not be stored`);
  return stored;
}

/** A stored value to rewrite: only if it still holds `from` (another process may have rewritten it meanwhile). */
export interface SettingChange {
  key: string;
  from: string;
  to: string;
}

/** The stored values of these keys (absent ones left out). */
export async function readSettings(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

class ChangedMeanwhile extends Error {}

/**
 * Rewrites values in place, all or none in one transaction: answers false, and changes nothing,
 * if any of them no longer holds what was read.
 */
export async function replaceSettings(db: Db, changes: readonly SettingChange[]): Promise<boolean> {
  const write = async (trx: Db) => {
    for (const change of changes) {
      const result = await trx
        .updateTable('settings')
        .set({ value: change.to })
        .where('key', '=', change.key)
        .where('value', '=', change.from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new ChangedMeanwhile();
    }
  };
  try {
    // Inside a caller's transaction (key rotation), a false answer is the caller's to roll back.
    await (db.isTransaction ? write(db) : db.transaction().execute(write));
    return true;
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return false;
    throw error;
  }
}
