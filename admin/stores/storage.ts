/**
 * Local storage access for the three keys of spec §3, and the light or dark theme chosen on this
 * browser. A failing storage (private mode, quota, corrupt JSON) only logs a warning (spec §8):
 * the console keeps working from memory.
 */
export const STORAGE_KEYS = { language: 'language', selectedCompanyId: 'selectedCompanyId', user: 'user', theme: 'theme' } as const;

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" to local storage`, error);
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from local storage`, error);
  }
}

export function readJson(key: string): unknown {
  const text = readItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    console.warn(`Ignoring unreadable "${key}" in local storage`, error);
    return null;
  }
}
