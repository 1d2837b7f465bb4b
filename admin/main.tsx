import { createRoot } from 'react-dom/client';
import { createStyleCache } from './common/styleCache';
import { isAuthAddress } from './auth/paths';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
const root = createRoot(container);
const styleCache = createStyleCache();

// Two entries share this page: the sign-in pages (light, no react-admin) and the console.
const loadConsole = () => import('./console');
let consoleOpened = false;
const openConsole = ({ signedIn }: { signedIn: boolean }) => {
  if (consoleOpened) return;
  consoleOpened = true;
  void loadConsole().then(({ renderConsole }) => renderConsole(root, styleCache, { signedIn }));
};

if (isAuthAddress(window.location.pathname)) {
  // The console's code is fetched while the visitor types, so it is at hand when the sign-in succeeds.
  document.addEventListener('input', () => void loadConsole(), { once: true });
  void import('./auth/entry').then(({ renderAuth }) => renderAuth(root, styleCache, openConsole));
} else openConsole({ signedIn: false });
