import { StrictMode, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, createTheme, useMediaQuery } from '@mui/material';
import { storedLanguage } from '../common/language';
import { pageRoot } from '../pageRoot';
import { darkTheme, lightTheme, savedThemeMode } from '../layout/theme';
import { AuthRoutes, type OpenConsole } from './AuthRoutes';
import { AuthI18nProvider, loadAuthMessages } from './i18n';
import { AuthHistory } from './navigation';
import { loadSessionClient } from './client';

const light = createTheme(lightTheme);
const dark = createTheme(darkTheme);

/** The console's light or dark theme, as the console picks it: the mode saved on this browser, else the system's. */
function Themed({ children }: { children: ReactNode }) {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = savedThemeMode() ?? (systemDark ? 'dark' : 'light');
  return (
    <ThemeProvider theme={mode === 'dark' ? dark : light}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/**
 * Renders the sign-in pages without react-admin and the console frame (issue #20: the page a
 * visitor types a password into loads a fraction of the console). The console's code is fetched
 * while the visitor types, and takes over the same root after sign-in.
 */
export async function renderAuth(openConsole: OpenConsole): Promise<void> {
  // The session client loads as soon as the visitor types (the form is usable without it).
  document.addEventListener('input', () => void loadSessionClient(), { once: true });
  const language = storedLanguage();
  const messages = await loadAuthMessages(language);
  document.documentElement.lang = language;
  const { root, styleCache } = pageRoot();
  root.render(
    <StrictMode>
      <CacheProvider value={styleCache}>
        <Themed>
          <AuthI18nProvider language={language} messages={messages}>
            <AuthHistory>
              <AuthRoutes openConsole={openConsole} />
            </AuthHistory>
          </AuthI18nProvider>
        </Themed>
      </CacheProvider>
    </StrictMode>,
  );
}
