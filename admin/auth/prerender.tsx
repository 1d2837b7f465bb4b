import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { LANGUAGES } from '../common/language';
import { documentTitle } from '../common/product';
import { darkTheme, lightTheme, type ThemeMode } from '../layout/theme';
import { AuthPage, SIGN_UP_PATH } from './AuthPage';
import { AuthI18nProvider, loadAuthMessages, translatorOf } from './i18n';
import { StaticAuthLocation } from './navigation';
import { AUTH_PATH } from './paths';
import { staticPageId, STATIC_PAGES, type StaticPage } from './staticPages';

/** One sign-in page drawn ahead of time: its markup without styles, and the document title it shows. */
export interface PrerenderedPage {
  id: string;
  title: string;
  markup: string;
}

const THEMES: Record<ThemeMode, ReturnType<typeof createTheme>> = { light: createTheme(lightTheme), dark: createTheme(darkTheme) };
const PATHS: Record<StaticPage, string> = { signin: AUTH_PATH, signup: SIGN_UP_PATH };
const TITLE_KEYS: Record<StaticPage, string> = { signin: 'app.auth.sign_in', signup: 'app.auth.sign_up' };

/** Emotion writes each component's styles as <style data-emotion> next to it when it renders outside a browser. */
const STYLE_ELEMENT = /<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g;

/** An element's start tag with a style attribute (React writes it after the others it renders). */
const STYLED_TAG = /<([a-zA-Z][\w-]*)([^>]*?) style="([^"]*)"([^>]*)>/g;
const unescapeAttribute = (text: string): string =>
  text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/**
 * Moves style attributes into classes: the console's Content-Security-Policy admits styles by
 * nonce, which covers <style> elements but not attributes (React sets them through the DOM,
 * which the policy allows, so only markup needs this).
 */
function styleAttributesToClasses(markup: string, classes: Map<string, string>): string {
  return markup.replace(STYLED_TAG, (_tag, name: string, before: string, style: string, after: string) => {
    const declarations = unescapeAttribute(style);
    const known = classes.get(declarations);
    const className = known ?? `auth-style-${classes.size}`;
    if (!known) classes.set(declarations, className);
    const selfClosing = after.endsWith('/');
    let attributes = `${before}${selfClosing ? after.slice(0, -1) : after}`;
    attributes = / class="/.test(attributes) ? attributes.replace(/ class="([^"]*)"/, ` class="$1 ${className}"`) : `${attributes} class="${className}"`;
    return `<${name}${attributes}${selfClosing ? '/' : ''}>`;
  });
}

/**
 * Draws the sign-in and sign-up pages in each language and theme with the same components the
 * browser renders (issue #20): the build puts them into auth.html, so the form is on screen
 * before any script runs. Returns the markup of each page and the styles of all of them, which
 * share their class names (emotion names a class after its rules).
 */
export async function prerenderSignInPages(): Promise<{ css: string; pages: PrerenderedPage[] }> {
  const rules = new Set<string>();
  const classes = new Map<string, string>();
  const pages: PrerenderedPage[] = [];
  for (const language of LANGUAGES) {
    const messages = await loadAuthMessages(language);
    for (const mode of Object.keys(THEMES) as ThemeMode[]) {
      for (const page of STATIC_PAGES) {
        const html = renderToString(
          <CacheProvider value={createCache({ key: 'css' })}>
            <ThemeProvider theme={THEMES[mode]}>
              <CssBaseline />
              <AuthI18nProvider language={language} messages={messages}>
                <StaticAuthLocation location={{ pathname: PATHS[page], search: '', state: null }}>
                  <AuthPage />
                </StaticAuthLocation>
              </AuthI18nProvider>
            </ThemeProvider>
          </CacheProvider>,
        );
        const markup = styleAttributesToClasses(
          html.replace(STYLE_ELEMENT, (_element, css: string) => {
            rules.add(css);
            return '';
          }),
          classes,
        );
        pages.push({ id: staticPageId(page, language, mode), title: documentTitle(translatorOf(language, messages)(TITLE_KEYS[page])), markup });
      }
    }
  }
  const attributeRules = [...classes].map(([declarations, className]) => `.${className}{${declarations}}`);
  return { css: [...rules, ...attributeRules].join(''), pages };
}
