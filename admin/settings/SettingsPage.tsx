import { Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useUserState } from '../stores/hooks';
import { AlertMailSection } from './AlertMailSection';
import { EmailChangeSection } from './EmailChangeSection';
import { LanguageSection, OnboardingSection, PersonalInfoSection, TenantModeSection } from './sections';

/** Settings (spec §2): language, personal information, e-mail address and alerts (issue #21), multi-tenant toggle, reset onboarding. */
export function SettingsPage() {
  const translate = useTranslate();
  const { user } = useUserState();
  return (
    <>
      <Title title={translate('app.settings.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.settings.title')}
      </Typography>
      <Paper sx={{ p: 3, maxWidth: 640, display: 'grid', gap: 4 }}>
        <LanguageSection />
        {/* Keyed by the saved names so the form starts from them once they have loaded or another
            place (the name dialog) saved them; typing changes only the form, not the key. */}
        <PersonalInfoSection key={user ? `${user.id}:${user.first_name}:${user.last_name}` : 'loading'} />
        <EmailChangeSection />
        <AlertMailSection />
        <TenantModeSection />
        <OnboardingSection />
      </Paper>
    </>
  );
}
