import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { STORAGE_KEYS, readItem, writeItem } from '../stores/storage';

export type ThemeMode = 'light' | 'dark';

/** An outline that shows where the keyboard is, in the theme's primary colour (WCAG 2.4.7). */
const focusRing = ({ theme }: { theme: { palette: { primary: { main: string } } } }) => ({
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
});

type BreakpointTheme = { theme: { breakpoints: { down: (key: 'sm') => string } } };

/** On a phone a button is at least 44 px high (and an icon button 44 px wide too): a finger, not a pointer. */
const fingerSized =
  (square: boolean) =>
  ({ theme }: BreakpointTheme) => ({
    [theme.breakpoints.down('sm')]: { minHeight: 44, ...(square ? { minWidth: 44 } : {}) },
  });

/**
 * What MUI leaves small or plain (issue #22): a visible focus on rows that open from the keyboard
 * and on sort headers ("barely show focus"), and touch targets of 44 px on phones.
 */
function accessible(theme: RaThemeOptions): RaThemeOptions {
  return {
    ...theme,
    components: {
      ...theme.components,
      MuiTableRow: { styleOverrides: { root: focusRing } },
      MuiTableSortLabel: { styleOverrides: { root: focusRing } },
      MuiButton: { styleOverrides: { root: fingerSized(false) } },
      MuiIconButton: { styleOverrides: { root: fingerSized(true) } },
    },
  };
}

/** react-admin's own light and dark themes, made accessible; the tenant's colour is laid over the bar in both (TopBar). */
export const lightTheme = accessible(defaultLightTheme);
export const darkTheme = accessible(defaultDarkTheme);

/** The mode chosen on this browser, or none: then the system's setting decides (prefers-color-scheme). */
export function savedThemeMode(): ThemeMode | null {
  const saved = readItem(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : null;
}

export function saveThemeMode(mode: ThemeMode): void {
  writeItem(STORAGE_KEYS.theme, mode);
}
