import { useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { TypeAheadMenu } from './TypeAheadMenu';
import { LANGUAGES, type Language } from './language';

export interface LanguageMenuProps {
  language: Language;
  onChange: (language: Language) => void;
  translate: (key: string) => string;
}

/** The language button and its menu, shared by the bar and the sign-in pages (which bring no react-admin). */
export function LanguageMenu({ language, onChange, translate }: LanguageMenuProps) {
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
              onChange(option);
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
