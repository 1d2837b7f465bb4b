import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { STORAGE_KEYS, readItem, writeItem } from '../stores/storage';

export type ThemeMode = 'light' | 'dark';

/** react-admin's own light and dark themes; the tenant's colour is laid over the bar in both (TopBar). */
export const lightTheme = defaultLightTheme;
export const darkTheme = defaultDarkTheme;

/** The mode chosen on this browser, or none: then the system's setting decides (prefers-color-scheme). */
export function savedThemeMode(): ThemeMode | null {
  const saved = readItem(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : null;
}

export function saveThemeMode(mode: ThemeMode): void {
  writeItem(STORAGE_KEYS.theme, mode);
}
