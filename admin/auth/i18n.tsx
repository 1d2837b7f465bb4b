import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { signIn } from '../../locales/en/console/signIn';
import { mergeCatalogues, type Catalogue } from '../../locales/catalogues';
import { LANGUAGES, type Language } from '../common/language';
import { documentTitle } from '../common/product';
import { STORAGE_KEYS, writeItem } from '../stores/storage';

export type Translate = (key: string, options?: object) => string;

interface AuthI18n {
  language: Language;
  translate: Translate;
  setLanguage: (language: Language) => void;
}

/**
 * The sign-in pages' texts: their part of the console's `app` catalogue (the same keys and files as
 * the console, without react-admin's texts, the resources and the screens' areas, which these pages never show).
 */
export async function loadAuthMessages(language: Language): Promise<Catalogue> {
  if (language === 'en') return { app: signIn };
  const german = await import('../../locales/de/console/signIn');
  return mergeCatalogues({ app: signIn } as unknown as Catalogue, { app: german.signIn } as unknown as Catalogue);
}

/** A translator of the sign-in pages' texts in one language (prerender.tsx draws the pages with it too). */
export const translatorOf = (language: Language, messages: Catalogue): Translate => {
  // The same polyglot set-up as the console's provider (a missing key shows its `_` default or the key).
  const provider = polyglotI18nProvider(
    () => messages as unknown as TranslationMessages,
    language,
    LANGUAGES.map((locale) => ({ locale, name: signIn.language[locale] })),
  );
  return provider.translate;
};

const AuthI18nContext = createContext<AuthI18n | null>(null);

export function useAuthI18n(): AuthI18n {
  const value = useContext(AuthI18nContext);
  if (!value) throw new Error('The sign-in pages render inside AuthI18nProvider');
  return value;
}

export const useAuthTranslate = (): Translate => useAuthI18n().translate;

/** Holds the current language of the sign-in pages; a switch loads its catalogue and stores the choice under `language` (spec §3). */
export function AuthI18nProvider({ language: initial, messages, children }: { language: Language; messages: Catalogue; children: ReactNode }) {
  const [current, setCurrent] = useState(() => ({ language: initial, translate: translatorOf(initial, messages) }));
  const setLanguage = useCallback((language: Language) => {
    writeItem(STORAGE_KEYS.language, language);
    document.documentElement.lang = language;
    void loadAuthMessages(language).then((loaded) => setCurrent({ language, translate: translatorOf(language, loaded) }));
  }, []);
  const value = useMemo(() => ({ ...current, setLanguage }), [current, setLanguage]);
  return <AuthI18nContext.Provider value={value}>{children}</AuthI18nContext.Provider>;
}

/** Names the browser tab after the sign-in page, as the console's pages do (layout/pageTitle.ts). */
export function useAuthTitle(key: string): void {
  const page = useAuthTranslate()(key);
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
