import { localStorageStore, memoryStore, type Store } from 'react-admin';
import { readItem, removeItem, writeItem } from './storage';

/**
 * react-admin's store for the console: a list's sort, filters and page size (`<resource>.listParams`)
 * and the columns chosen for its table (`<resource>.datatable`, `…_columnRanks`) outlive a reload in
 * local storage, under react-admin's own `RaStore.lists.` keys. Everything else stays in memory: the
 * language lives under the spec's `language` key (spec §3) and the theme under its own, so
 * react-admin's copies of them must not compete; a bulk selection or an open row is not a preference.
 */
const APP_KEY = '.lists';
const PREFIX = `RaStore${APP_KEY}.`;
/** Whose preferences are stored: another user signing in on this browser starts from none. */
const OWNER_KEY = 'listPreferencesOwner';
const PERSISTED = /\.(listParams|datatable|datatable_columnRanks)$/;

/** The console's store; `dropSaved` forgets the stored preferences and tells the screens showing them. */
export type ConsoleStore = Store & { dropSaved(): void };

export function createConsoleStore(initial: Record<string, unknown> = {}): ConsoleStore {
  const saved = localStorageStore('1', APP_KEY);
  const memory = memoryStore(initial);
  const pick = (key: string): Store => (PERSISTED.test(key) ? saved : memory);
  return {
    setup: () => {
      saved.setup();
      memory.setup();
    },
    teardown: () => {
      saved.teardown();
      memory.teardown();
    },
    getItem: (key, defaultValue) => pick(key).getItem(key, defaultValue),
    setItem: (key, value) => pick(key).setItem(key, value),
    removeItem: (key) => pick(key).removeItem(key),
    removeItems: (keyPrefix) => {
      saved.removeItems(keyPrefix);
      memory.removeItems(keyPrefix);
    },
    reset: () => {
      saved.reset();
      memory.reset();
    },
    subscribe: (key, callback) => pick(key).subscribe(key, callback),
    dropSaved: () => saved.reset(),
  };
}

/** Removes every stored list preference of this browser (on sign-out, and when its owner changes). */
export function clearListPreferences(): void {
  try {
    for (const key of Object.keys(safeStorage())) if (key.startsWith(PREFIX)) window.localStorage.removeItem(key);
  } catch (error) {
    console.warn('Could not clear the list preferences', error);
  }
  removeItem(OWNER_KEY);
}

/**
 * Claims the stored list preferences for the signed-in user: those another user left (a session
 * that ended without signing out) are dropped before they can apply. Answers whether they were.
 */
export function claimListPreferences(store: ConsoleStore, userId: string): boolean {
  const owner = readItem(OWNER_KEY);
  if (owner === userId) return false;
  // No owner yet: whatever is stored predates the owner key, and is dropped too.
  const dropped = Object.keys(safeStorage()).some((key) => key.startsWith(PREFIX) && key !== `${PREFIX}version`);
  if (dropped) store.dropSaved();
  writeItem(OWNER_KEY, userId);
  return dropped;
}

function safeStorage(): Storage | Record<string, never> {
  try {
    return window.localStorage;
  } catch {
    return {};
  }
}
