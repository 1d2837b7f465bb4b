import { useTranslate } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';
import { useLanguage } from './useLanguage';

/** Language selector of the bar (spec §2); the choice is stored under `language` and saved on the user. */
export function LanguageSelector() {
  const translate = useTranslate();
  const [language, setLanguage] = useLanguage();
  return <LanguageMenu language={language} onChange={setLanguage} translate={translate} />;
}
