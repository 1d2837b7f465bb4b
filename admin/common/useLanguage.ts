import { useCallback, useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../providers/i18nProvider';
import { useUserState } from '../stores/hooks';
import { STORAGE_KEYS, writeItem } from '../stores/storage';
import { userStore } from '../stores/userStore';
import { useNotifyFailure } from './useNotifyFailure';

/** Switches the console's language now and caches it under `language` (spec §3) for the next start. */
function useApplyLanguage(): (language: Language) => void {
  const [, setLocale] = useLocaleState();
  return useCallback(
    (language: Language) => {
      writeItem(STORAGE_KEYS.language, language);
      document.documentElement.lang = language;
      setLocale(language);
    },
    [setLocale],
  );
}

/**
 * The current language and a setter that applies it at once, caches it under `language` and saves
 * it on the signed-in user (onboarding, app bar and settings all choose through here).
 */
export function useLanguage(): [Language, (language: Language) => void] {
  const [locale] = useLocaleState();
  const apply = useApplyLanguage();
  const notifyFailure = useNotifyFailure('app.errors.failedUpdateUser');
  const change = useCallback(
    (language: Language) => {
      apply(language);
      userStore.saveLanguage(language).catch(notifyFailure);
    },
    [apply, notifyFailure],
  );
  return [isLanguage(locale) ? locale : DEFAULT_LANGUAGE, change];
}

/**
 * Follows the signed-in user's saved language: at sign-in on a fresh browser or another machine the
 * console switches to it, and the local `language` key becomes a cache of it.
 */
export function useUserLanguage(): void {
  const [locale] = useLocaleState();
  const apply = useApplyLanguage();
  const saved = useUserState().user?.language;
  useEffect(() => {
    if (isLanguage(saved) && saved !== locale) apply(saved);
  }, [saved, locale, apply]);
}
