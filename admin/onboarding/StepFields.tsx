import { Checkbox, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isLanguage, LANGUAGES, type Language } from '../providers/i18nProvider';
import type { Start } from './steps';

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

const STARTS: Start[] = ['direct', 'indirect', 'join'];

export interface CustomerTypeStepProps {
  value: Start | null;
  onChange: (value: Start) => void;
  /** Set when the user's multi-tenant mode is on: choosing "direct" then asks before turning it off. */
  tenantModeOff?: { value: boolean; onChange: (value: boolean) => void };
}

/** Step 2: found a company as a direct or indirect customer, or join one with an invite code. */
export function CustomerTypeStep({ value, onChange, tenantModeOff }: CustomerTypeStepProps) {
  const translate = useTranslate();
  return (
    <FormControl sx={{ mt: 1 }}>
      <FormLabel id="onboarding-customer">{translate('app.onboarding.customer_question')}</FormLabel>
      <RadioGroup
        aria-labelledby="onboarding-customer"
        value={value ?? ''}
        onChange={(event) => {
          const chosen = STARTS.find((type) => type === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {STARTS.map((type) => (
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
      {tenantModeOff && value === 'direct' && (
        <FormControlLabel
          control={<Checkbox checked={tenantModeOff.value} onChange={(event) => tenantModeOff.onChange(event.target.checked)} />}
          label={translate('app.onboarding.tenant_mode_off')}
        />
      )}
    </FormControl>
  );
}

/** Step 3 of a user who joins: the invite code a colleague sent. */
export function InviteCodeStep({ value, disabled, onChange }: { value: string; disabled: boolean; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return (
    <>
      <Typography sx={{ mt: 1 }}>{translate('app.onboarding.code_question')}</Typography>
      <TextField
        autoFocus
        fullWidth
        margin="normal"
        label={translate('app.companies.code')}
        helperText={translate('app.companies.code_help')}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace', textTransform: 'uppercase' } } }}
      />
    </>
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
