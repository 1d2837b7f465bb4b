import { blue, grey, lightBlue, red } from '@mui/material/colors';
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
 * and on sort headers ("barely show focus"), touch targets of 44 px on phones, no hidden tab stops.
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
      // With nothing selected react-admin folds the bulk actions to 0 px high, but their buttons
      // stayed tab stops a keyboard user lands on without seeing them (issue #22).
      RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
    },
  };
}

/**
 * react-admin's light theme with text colours that reach 4.5:1 (WCAG 1.4.3) where they are used:
 * MUI's blue #1976d2 and red #d32f2f give 4.4:1 and 4.8:1 on the page background (#fafafb) and
 * 3.5:1 and 3.8:1 on the form toolbar's grey 300; blue 800 and red 800 on grey 200 give 4.9:1 and
 * more on all three. White text on the warning (5.0:1) and info (4.8:1) colours reads too.
 */
const readableLightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: blue[800] },
    error: { main: red[800] },
    // White on MUI's orange #ed6c02 and light blue #0288d1 (status chips) is 3.1:1 and 4.0:1.
    warning: { main: '#b45309' },
    info: { main: lightBlue[800] },
  },
  components: { ...defaultLightTheme.components, RaToolbar: { styleOverrides: { root: { backgroundColor: grey[200] } } } },
};

/**
 * react-admin's dark theme with an error colour that reads: MUI's #f44336 gives 2.7:1 on the form
 * toolbar's #424242 and 3.5:1 on a card's #313131 (the Delete buttons); red 200 gives 4.7:1 and 6:1.
 */
const readableDarkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, error: { main: red[200] } },
};

/** react-admin's own light and dark themes, made accessible; the tenant's colour is laid over the bar in both (TopBar). */
export const lightTheme = accessible(readableLightTheme);
export const darkTheme = accessible(readableDarkTheme);

/** The mode chosen on this browser, or none: then the system's setting decides (prefers-color-scheme). */
export function savedThemeMode(): ThemeMode | null {
  const saved = readItem(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : null;
}

export function saveThemeMode(mode: ThemeMode): void {
  writeItem(STORAGE_KEYS.theme, mode);
}
