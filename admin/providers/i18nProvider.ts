import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { enMessages } from '../../locales/en/console';
import { mergeCatalogues, type Catalogue } from '../../locales/catalogues';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, storedLanguage, type Language } from '../common/language';

export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, storedLanguage, type Language };

/** English is bundled; German is loaded only when chosen, and merged over English. */
export async function loadMessages(language: Language): Promise<TranslationMessages> {
  if (language === 'en') return enMessages;
  const { deMessages } = await import('../../locales/de/console');
  return mergeCatalogues(enMessages as unknown as Catalogue, deMessages as unknown as Catalogue) as unknown as TranslationMessages;
}

/**
 * Builds the provider with the start language's messages already loaded (polyglot needs the
 * first catalogue synchronously); later switches load lazily.
 */
export async function createI18nProvider(language: Language = storedLanguage()): Promise<I18nProvider> {
  const initial = await loadMessages(language);
  document.documentElement.lang = language;
  return polyglotI18nProvider(
    (locale) => (locale === language ? initial : loadMessages(isLanguage(locale) ? locale : DEFAULT_LANGUAGE)),
    language,
    // Each language is named in itself, so the English catalogue's names serve every language.
    LANGUAGES.map((locale) => ({ locale, name: enMessages.app.language[locale] })),
  );
}
