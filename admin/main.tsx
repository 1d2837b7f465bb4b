import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { createStyleCache } from './common/styleCache';
import { createI18nProvider } from './providers/i18nProvider';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
const root = createRoot(container);
const styleCache = createStyleCache();

// The stored language's catalogue is loaded before the first render (German is a separate chunk).
void createI18nProvider().then((i18nProvider) =>
  root.render(
    <StrictMode>
      <CacheProvider value={styleCache}>
        <App i18nProvider={i18nProvider} />
      </CacheProvider>
    </StrictMode>,
  ),
);
