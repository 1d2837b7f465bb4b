import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isLanguage, LANGUAGES, type Language } from '../providers/i18nProvider';
import type { CustomerType } from './steps';

export function LanguageStep({ value, onChange }: { value: Language | null; onChange: (value: Language) => void }) {
  const translate = useTranslate();
  return (
    <FormControl sx={{ mt: 1 }}>
      <FormLabel id="onboarding-language">{translate('app.onboarding.language_question')}</FormLabel>
      <RadioGroup
        aria-labelledby="onboarding-language"
        value={value ?? ''}
        onChange={(event) => isLanguage(event.target.value) && onChange(event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <FormControlLabel key={language} value={language} control={<Radio />} label={translate(`app.language.${language}`)} lang={language} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

const CUSTOMER_TYPES: CustomerType[] = ['direct', 'indirect'];

export function CustomerTypeStep({ value, onChange }: { value: CustomerType | null; onChange: (value: CustomerType) => void }) {
  const translate = useTranslate();
  return (
    <FormControl sx={{ mt: 1 }}>
      <FormLabel id="onboarding-customer">{translate('app.onboarding.customer_question')}</FormLabel>
      <RadioGroup
        aria-labelledby="onboarding-customer"
        value={value ?? ''}
        onChange={(event) => {
          const chosen = CUSTOMER_TYPES.find((type) => type === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {CUSTOMER_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            value={type}
            control={<Radio />}
            label={
              <>
                <Typography>{translate(`app.onboarding.${type}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`app.onboarding.${type}_help`)}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export function CompanyStep({ value, disabled, onChange }: { value: string; disabled: boolean; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return (
    <>
      <Typography sx={{ mt: 1 }}>{translate('app.onboarding.company_question')}</Typography>
      <TextField
        autoFocus
        fullWidth
        margin="normal"
        label={translate('app.onboarding.company_name')}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
