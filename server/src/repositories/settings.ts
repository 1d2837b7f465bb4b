import type { Db } from '../db/database.js';

/** Small key-value store in the database, for server-wide state such as signing keys. */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export function settingsStore(db: Db): KeyValueStore {
  return {
    async get(key) {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    async set(key, value) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((c) => c.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}

/** Returns the stored value, creating it once with `make` (first writer wins under races). */
export async function getOrCreate(store: KeyValueStore, key: string, make: () => string): Promise<string> {
  const existing = await store.get(key);
  if (existing !== undefined) return existing;
  await store.set(key, make());
  const stored = await store.get(key);
  if (stored === undefined) throw new Error(`setting ${key} could not be stored`);
  return stored;
}
