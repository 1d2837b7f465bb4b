import { useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import { TypeAheadMenu } from './TypeAheadMenu';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate } from 'react-admin';
import { LANGUAGES } from '../providers/i18nProvider';
import { useLanguage } from './useLanguage';

/** Language selector of the bar and the sign-in page (spec §2); the choice is stored under `language`. */
export function LanguageSelector() {
  const translate = useTranslate();
  const [language, setLanguage] = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={translate('app.nav.language')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {language.toUpperCase()}
      </Button>
      <TypeAheadMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((option) => (
          <MenuItem
            key={option}
            selected={option === language}
            lang={option}
            onClick={() => {
              setLanguage(option);
              setAnchor(null);
            }}
          >
            {translate(`app.language.${option}`)}
          </MenuItem>
        ))}
      </TypeAheadMenu>
    </>
  );
}
