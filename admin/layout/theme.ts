import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { STORAGE_KEYS, readItem, writeItem } from '../stores/storage';

export type ThemeMode = 'light' | 'dark';

/** An outline that shows where the keyboard is, in the theme's primary colour (WCAG 2.4.7). */
const focusRing = ({ theme }: { theme: { palette: { primary: { main: string } } } }) => ({
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
});

/**
 * A visible focus on what MUI leaves plain: rows that open from the keyboard and sort headers
 * (issue #22: they "barely show focus").
 */
function withFocusRings(theme: RaThemeOptions): RaThemeOptions {
  return {
    ...theme,
    components: {
      ...theme.components,
      MuiTableRow: { styleOverrides: { root: focusRing } },
      MuiTableSortLabel: { styleOverrides: { root: focusRing } },
    },
  };
}

/** react-admin's own light and dark themes with focus rings; the tenant's colour is laid over the bar in both (TopBar). */
export const lightTheme = withFocusRings(defaultLightTheme);
export const darkTheme = withFocusRings(defaultDarkTheme);

/** The mode chosen on this browser, or none: then the system's setting decides (prefers-color-scheme). */
export function savedThemeMode(): ThemeMode | null {
  const saved = readItem(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : null;
}

export function saveThemeMode(mode: ThemeMode): void {
  writeItem(STORAGE_KEYS.theme, mode);
}
