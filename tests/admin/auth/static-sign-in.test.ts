import { afterEach, describe, expect, it, vi } from 'vitest';
import { showStaticSignIn, signInDocument, staticPageId } from '../../../admin/auth/staticPages';
import { STORAGE_KEYS } from '../../../admin/stores/storage';

const INDEX = '<!doctype html><html lang="en"><head><title>LoRa</title></head><body><div id="root"></div></body></html>';
const pages = ['signin', 'signup'].flatMap((page) =>
  ['en', 'de'].flatMap((language) =>
    ['light', 'dark'].map((mode) => ({
      id: `auth-${page}-${language}-${mode}`,
      title: `${page} ${language} ${mode}`,
      markup: `<form data-page="${page}-${language}-${mode}"></form>`,
    })),
  ),
);

/** Loads auth.html's body into the test document and runs the picker's own source, as the inline script does. */
function openPage(path: string) {
  window.history.replaceState(null, '', path);
  const html = signInDocument(INDEX, { css: '.x{}', pages }, showStaticSignIn.toString());
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  const script = document.querySelector('script')?.textContent ?? '';
  new Function(script)();
  return document.getElementById('root');
}

/** jsdom has no matchMedia: the system's colour scheme, as the picker asks for it. */
const darkSystem = (dark: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query }));

describe('auth.html: the drawn sign-in page that fits the visit', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('puts the nonce placeholder on the styles and the script, and keeps the rest of index.html', () => {
    const html = signInDocument(INDEX, { css: '.a{color:red}', pages }, 'function f() {}');
    expect(html).toContain('<style nonce="CSP_NONCE_PLACEHOLDER">.a{color:red}</style></head>');
    expect(html).toContain('<script nonce="CSP_NONCE_PLACEHOLDER">(function f() {})();</script>');
    expect(html).toContain('<title>LoRa</title>');
    expect(() => signInDocument('<html></html>', { css: '', pages }, '')).toThrow();
  });

  it('shows sign-in in English and the light theme by default', () => {
    darkSystem(false);
    const root = openPage('/auth');
    expect(root?.querySelector('form')?.dataset.page).toBe('signin-en-light');
    expect(root?.dataset.prerendered).toBe('signin');
    expect(document.title).toBe('signin en light');
  });

  it('follows the language and theme saved under the console keys, and the system theme when none is saved', () => {
    darkSystem(true);
    localStorage.setItem(STORAGE_KEYS.language, 'de');
    expect(openPage('/auth/signup/')?.querySelector('form')?.dataset.page).toBe('signup-de-dark');
    expect(document.documentElement.lang).toBe('de');
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    expect(openPage('/auth')?.querySelector('form')?.dataset.page).toBe('signin-de-light');
    expect(staticPageId('signin', 'de', 'light')).toBe('auth-signin-de-light');
  });

  it.each(['/auth/reset-password', '/auth?redirectToPath=%2Fcompanies', '/devices'])('draws nothing at %s (the scripts render it)', (path) => {
    darkSystem(false);
    const root = openPage(path);
    expect(root?.children).toHaveLength(0);
    expect(root?.dataset.prerendered).toBeUndefined();
  });

  it('draws nothing for a browser holding a signed-in user, whom the scripts send on to the console', () => {
    darkSystem(false);
    localStorage.setItem(STORAGE_KEYS.user, '{"id":"u1"}');
    expect(openPage('/auth')?.children).toHaveLength(0);
  });
});
