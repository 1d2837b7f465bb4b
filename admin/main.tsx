import { isAuthAddress } from './auth/paths';

// Two entries share this page: the sign-in pages (light, no react-admin) and the console. This
// module imports neither React nor either entry, so the browser fetches all they need at once.
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
  void import('./auth/entry').then(({ renderAuth }) => renderAuth(openConsole));
} else openConsole({ signedIn: false });
