import { STORAGE_KEYS, readItem } from '../stores/storage';

/** The console's languages; this module holds no catalogue, so the sign-in entry can use it too. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language saved under `language` (spec §3), else English. */
export function storedLanguage(): Language {
  const saved = readItem(STORAGE_KEYS.language);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}
