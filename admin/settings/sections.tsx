import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useLanguage } from '../common/useLanguage';
import { isLanguage, LANGUAGES } from '../providers/i18nProvider';
import { describeError } from '../stores/appError';
import { useUserState } from '../stores/hooks';
import { userStore, type UserUpdate } from '../stores/userStore';
import { useNotifyFailure } from '../common/useNotifyFailure';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Saves user fields, reporting failures in the user's language. */
function useSaveUser() {
  const notifyFailure = useNotifyFailure('app.errors.failedUpdateUser');
  return async (fields: UserUpdate): Promise<boolean> => {
    try {
      await userStore.update(fields);
      return true;
    } catch (error) {
      notifyFailure(error);
      return false;
    }
  };
}

export function LanguageSection() {
  const translate = useTranslate();
  const [language, setLanguage] = useLanguage();
  return (
    <Section title={translate('app.settings.language')}>
      <TextField
        select
        label={translate('app.settings.language')}
        value={language}
        sx={{ minWidth: 200 }}
        onChange={(event) => {
          if (!isLanguage(event.target.value)) return;
          setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`app.language.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    </Section>
  );
}

export function PersonalInfoSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const { user } = useUserState();
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const valid = firstName.trim() !== '' && lastName.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setError(null);
    try {
      await userStore.update({ first_name: firstName.trim(), last_name: lastName.trim() });
      notify('app.settings.saved', { type: 'success' });
    } catch (failure) {
      setError(describeError(failure, translate, 'app.errors.failedUpdateUser'));
    }
  };
  const required = (value: string) => (value.trim() ? undefined : translate('app.onboarding.required'));

  return (
    <Section title={translate('app.settings.personal_info')}>
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 400 }}>
        <TextField
          required
          label={translate('app.settings.first_name')}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={Boolean(required(firstName))}
          helperText={required(firstName)}
        />
        <TextField
          required
          label={translate('app.settings.last_name')}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={Boolean(required(lastName))}
          helperText={required(lastName)}
        />
        {user?.emails[0] && <Typography color="text.secondary">{user.emails[0]}</Typography>}
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={!valid}>
            {translate('app.settings.save')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

export function TenantModeSection() {
  const translate = useTranslate();
  const { user } = useUserState();
  const save = useSaveUser();
  return (
    <Section title={translate('app.settings.multi_tenant')}>
      <FormControlLabel
        control={
          <Switch checked={user?.is_tenant_enabled === true} disabled={!user} onChange={(event) => void save({ is_tenant_enabled: event.target.checked })} />
        }
        label={translate('app.settings.multi_tenant')}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('app.settings.multi_tenant_help')}
      </Typography>
    </Section>
  );
}

/** Reset onboarding asks first and says what it will do (it re-runs the wizard, nothing is deleted). */
export function OnboardingSection() {
  const translate = useTranslate();
  const save = useSaveUser();
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title={translate('app.settings.onboarding')}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('app.settings.reset_onboarding_help')}
      </Typography>
      <Button variant="outlined" onClick={() => setConfirming(true)}>
        {translate('app.settings.reset_onboarding')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={translate('app.settings.reset_onboarding_confirm_title')}
        content={translate('app.settings.reset_onboarding_confirm')}
        confirm={translate('app.settings.reset_onboarding')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void save({ is_onboarded: false });
        }}
      />
    </Section>
  );
}
