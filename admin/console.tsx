import { StrictMode } from 'react';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { pageRoot } from './pageRoot';
import { createI18nProvider } from './providers/i18nProvider';
import { resetStores } from './stores/hooks';
import { sessionClient } from './auth/sessionFetch';

/**
 * Renders the console into the page's root: at start on a console address, or when the sign-in
 * entry hands over after sign-in (`signedIn`: another account may have used this browser, so the
 * console starts from fresh user and company data). The stored language's catalogue (the shell's
 * texts) is loaded before the first render (German is a separate chunk).
 */
export async function renderConsole({ signedIn }: { signedIn: boolean }): Promise<void> {
  if (signedIn) resetStores();
  // The session client is needed by the first write, which follows a click or a key: fetched on the first of either.
  for (const intent of ['pointerdown', 'keydown'] as const) document.addEventListener(intent, () => void sessionClient(), { once: true, capture: true });
  // The screens' texts come with the first screen that shows them (common/lazy.ts lazyScreen).
  const i18nProvider = await createI18nProvider(undefined, { areas: false });
  const { root, styleCache } = pageRoot();
  root.render(
    <StrictMode>
      <CacheProvider value={styleCache}>
        <App i18nProvider={i18nProvider} />
      </CacheProvider>
    </StrictMode>,
  );
}
