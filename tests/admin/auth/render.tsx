import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { app } from '../../../locales/en/console/app';
import { AuthI18nProvider, loadAuthMessages } from '../../../admin/auth/i18n';
import { AuthHistory, useAuthLocation } from '../../../admin/auth/navigation';
import type { Language } from '../../../admin/common/language';
import type { Catalogue } from '../../../locales/catalogues';

/** Where the sign-in entry is: rendered so tests can assert navigation. */
function AuthLocationProbe() {
  const { pathname, search } = useAuthLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/** Starts in the test's language once its catalogue is loaded, as the entry does (English is at hand at once). */
function InLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const [messages, setMessages] = useState<Catalogue | null>(language === 'en' ? { app } : null);
  useEffect(() => {
    if (language !== 'en') void loadAuthMessages(language).then(setMessages);
  }, [language]);
  return messages ? (
    <AuthI18nProvider language={language} messages={messages}>
      {children}
    </AuthI18nProvider>
  ) : null;
}

/** Renders a sign-in page as the sign-in entry does (auth/entry.tsx): its own catalogue and history, no react-admin. */
export function renderAuthPage(ui: ReactElement, { path = '/auth', locale = 'en' }: { path?: string; locale?: Language } = {}) {
  window.history.replaceState(null, '', path);
  return render(
    <InLanguage language={locale}>
      <AuthHistory>
        {ui}
        <AuthLocationProbe />
      </AuthHistory>
    </InLanguage>,
  );
}
