import { marketingDe } from '../../../locales/de/marketing';
import { marketingEn, type MarketingMessages } from '../../../locales/en/marketing';

export type Locale = 'en' | 'de';
export const LOCALES: readonly Locale[] = ['en', 'de'];
/** Shared with the console: the same localStorage key holds "en" or "de". */
export const LANGUAGE_KEY = 'language';
const GERMAN_PREFIX = '/de';

export const MESSAGES: Record<Locale, MarketingMessages> = { en: marketingEn, de: marketingDe };

export const PAGES = ['home', 'features', 'pricing', 'calculator', 'imprint', 'privacy', 'tos'] as const;
export type Page = (typeof PAGES)[number];

/** The one place that maps pages to URLs: English at the root, German under /de/. */
export function pathOf(page: Page, locale: Locale): string {
  const prefix = locale === 'de' ? GERMAN_PREFIX : '';
  return page === 'home' ? `${prefix}/` : `${prefix}/${page}/`;
}

/** The language a URL is in (the 404 page learns its language this way). */
export function localeOfPath(pathname: string): Locale {
  return pathname === GERMAN_PREFIX || pathname.startsWith(`${GERMAN_PREFIX}/`) ? 'de' : 'en';
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/** Remembers the reader's language for the site and the console; storage may be blocked. */
export function storeLanguage(locale: Locale): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Without storage the URL alone carries the language.
  }
}

export function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Runs in <head> before the page paints: a reader who chose German (here or in the console) and
 * enters at the bare home page `/` goes to `/de/`, without a flash of English text. Any other
 * English URL was asked for explicitly (a shared link, the language switcher, a bookmark) and is
 * shown as it is. Kept tiny and dependency-free because it is inlined into every page.
 */
export const LANGUAGE_REDIRECT_SCRIPT =
  `try{if(location.pathname==="/"&&localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})==="de")` +
  `location.replace(${JSON.stringify(`${GERMAN_PREFIX}/`)}+location.search+location.hash)}catch(e){}`;
