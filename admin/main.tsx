import { isAuthAddress } from './auth/paths';
import { hasStaticSignIn, startOnIntent, whenReleased } from './auth/intent';

// Two entries share this page: the sign-in pages (light, no react-admin) and the console. This
// module imports neither React nor either entry, so the browser fetches all an entry needs at once
// when it is asked for.
const loadConsole = () => import('./console');
let consoleOpened = false;
const openConsole = ({ signedIn }: { signedIn: boolean }) => {
  if (consoleOpened) return;
  consoleOpened = true;
  void loadConsole().then(({ renderConsole }) => renderConsole({ signedIn }));
};

if (isAuthAddress(window.location.pathname)) {
  // The console's code is fetched while the visitor types, so it is at hand when the sign-in succeeds.
  document.addEventListener('input', () => void loadConsole(), { once: true });
  const renderSignIn = () =>
    void import('./auth/entry').then(async ({ renderAuth }) => {
      await whenReleased();
      renderAuth(openConsole);
    });
  // A page drawn by the build (auth.html) is usable as it stands: its code loads when the visitor starts to use it.
  if (hasStaticSignIn()) startOnIntent(renderSignIn);
  else renderSignIn();
} else openConsole({ signedIn: false });
