import { useSyncExternalStore } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { enShell } from '../../locales/en/console/shell';
import { mergeCatalogues, type Catalogue } from '../../locales/catalogues';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, storedLanguage, type Language } from '../common/language';

export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, storedLanguage, type Language };

const merged = (english: object, german: object) => mergeCatalogues(english as Catalogue, german as Catalogue) as unknown as TranslationMessages;

/**
 * A language's catalogue, German merged over English. English's shell is bundled; the screens'
 * areas (locales/<language>/console/areas.ts) and German come as chunks of their own.
 */
export async function loadMessages(language: Language, { areas = true } = {}): Promise<TranslationMessages> {
  const english = areas ? (await import('../../locales/en/console')).enMessages : enShell;
  if (language === 'en') return english;
  const german = areas ? (await import('../../locales/de/console')).deMessages : (await import('../../locales/de/console/shell')).deShell;
  return merged(english, german);
}

/** Adds the areas' texts to the console's provider (set by createI18nProvider when it starts without them). */
let addAreas: (() => Promise<void>) | undefined;
let areasAdded = false;
const listeners = new Set<() => void>();

/**
 * Resolves once the console's provider has the screens' texts: a screen waits for it before it
 * renders (common/lazy.ts `lazyScreen`). Without such a provider (one built with every text) at once.
 */
export const areaTexts = (): Promise<void> => addAreas?.() ?? Promise.resolve();

/** Whether the areas' texts are in: for a part of the frame that names a screen (the page title) and must draw again when they come. */
export const useAreaTexts = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => areasAdded,
  );

/**
 * Builds the provider with the start language's messages already loaded (polyglot needs the
 * first catalogue synchronously); later switches load lazily. `areas: false` starts with the
 * shell's texts only, the screens' areas added by the first screen that asks (`areaTexts`).
 */
export async function createI18nProvider(language: Language = storedLanguage(), { areas = true } = {}): Promise<I18nProvider> {
  let withAreas = areas;
  let initial: TranslationMessages | undefined = await loadMessages(language, { areas });
  document.documentElement.lang = language;
  const polyglot = polyglotI18nProvider(
    (locale) => {
      const first = initial;
      initial = undefined;
      return first ?? loadMessages(isLanguage(locale) ? locale : DEFAULT_LANGUAGE, { areas: withAreas });
    },
    language,
    // Each language is named in itself, so the English catalogue's names serve every language.
    LANGUAGES.map((locale) => ({ locale, name: enShell.app.language[locale] })),
  );
  // Switches run one after the other, each for the language last asked for: the areas' reload must
  // not put back a language the user (or the saved user's language) has changed in the meantime.
  let wanted: string = language;
  let switches = Promise.resolve();
  const switchTo = (locale?: string): Promise<void> => {
    if (locale) wanted = locale;
    const done = switches.then(() => polyglot.changeLocale(wanted));
    switches = done.catch(() => undefined);
    return done;
  };
  const provider: I18nProvider = { ...polyglot, changeLocale: switchTo };
  if (!areas) {
    let adding: Promise<void> | undefined;
    addAreas = () =>
      (adding ??= (async () => {
        withAreas = true;
        // Reloads the language in use, now with the areas: the provider's translate uses it from then on.
        await switchTo();
        areasAdded = true;
        for (const listener of listeners) listener();
      })().catch((error: unknown) => {
        adding = undefined; // a failed fetch is tried again by the next screen
        throw error;
      }));
  }
  return provider;
}
