import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../providers/i18nProvider';
import { STORAGE_KEYS, writeItem } from '../stores/storage';

/** The current language and a setter that applies it at once and stores it under `language`. */
export function useLanguage(): [Language, (language: Language) => void] {
  const [locale, setLocale] = useLocaleState();
  const change = useCallback(
    (language: Language) => {
      writeItem(STORAGE_KEYS.language, language);
      document.documentElement.lang = language;
      setLocale(language);
    },
    [setLocale],
  );
  return [isLanguage(locale) ? locale : DEFAULT_LANGUAGE, change];
}
