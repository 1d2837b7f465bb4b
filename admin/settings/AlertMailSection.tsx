import { Alert, Box, Button, LinearProgress, MenuItem, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useApiQuery } from '../common/useApiQuery';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { useCompanyState, useUserState } from '../stores/hooks';
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  ALERT_MAIL_MODES,
  type AlertChannel,
  type AlertMailMode,
  type NotificationPreferences,
  type NotificationPreferencesChange,
} from '../types/api';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * How the selected company's alerts reach the user (issue #21): per kind in the console, by
 * e-mail, both or not at all; and whether alert e-mails leave at once or as one daily digest.
 * Each choice is saved as it is made.
 */
export function AlertMailSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { selectedCompanyId, companies } = useCompanyState();
  const email = useUserState().user?.emails[0] ?? '';
  const queryKey = ['notificationPreferences', selectedCompanyId] as const;
  const load = useApiQuery({
    queryKey,
    queryFn: () => dataProvider.notificationPreferences(selectedCompanyId ?? ''),
    enabled: Boolean(selectedCompanyId),
  });
  const save = useMutation({
    mutationFn: (change: Omit<NotificationPreferencesChange, 'company_id'>) =>
      dataProvider.updateNotificationPreferences({ ...change, company_id: selectedCompanyId ?? '' }),
    onSuccess: (stored: NotificationPreferences) => {
      queryClient.setQueryData(queryKey, stored);
      notify('app.alert_mail.saved', { type: 'success' });
    },
  });
  const company = companies.find((candidate) => candidate.id === selectedCompanyId)?.name ?? '';

  return (
    <Box component="section" aria-labelledby="alert-mail-title">
      <Typography variant="h6" component="h2" id="alert-mail-title" gutterBottom>
        {translate('app.alert_mail.title')}
      </Typography>
      {!selectedCompanyId ? (
        <Typography color="text.secondary">{translate('app.alert_mail.no_company')}</Typography>
      ) : load.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void load.refetch()}>
              {translate('app.common.retry')}
            </Button>
          }
        >
          {describeError(load.error, translate, 'app.errors.general')}
        </Alert>
      ) : !load.data ? (
        <LinearProgress />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{translate('app.alert_mail.help', { company, email })}</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {ALERT_KINDS.map((kind) => (
              <TextField
                key={kind}
                select
                size="small"
                label={translate(`app.alert_mail.kinds.${kind}`)}
                value={load.data.channels[kind]}
                disabled={save.isPending}
                onChange={(event) => save.mutate({ channels: { [kind]: event.target.value as AlertChannel } })}
              >
                {ALERT_CHANNELS.map((channel) => (
                  <MenuItem key={channel} value={channel}>
                    {translate(`app.alert_mail.channels.${channel}`)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <TextField
              select
              size="small"
              label={translate('app.alert_mail.mode')}
              value={load.data.email_mode}
              disabled={save.isPending}
              sx={{ minWidth: 240 }}
              onChange={(event) => save.mutate({ email_mode: event.target.value as AlertMailMode })}
            >
              {ALERT_MAIL_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {translate(`app.alert_mail.modes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
            {load.data.email_mode === 'digest' && (
              <TextField
                select
                size="small"
                label={translate('app.alert_mail.digest_hour')}
                value={load.data.digest_hour}
                disabled={save.isPending}
                sx={{ minWidth: 200 }}
                onChange={(event) => save.mutate({ digest_hour: Number(event.target.value) })}
              >
                {HOURS.map((hour) => (
                  <MenuItem key={hour} value={hour}>
                    {translate('app.alert_mail.hour', { hour: String(hour).padStart(2, '0') })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          {save.isError && <Alert severity="error">{describeError(save.error, translate, 'app.errors.general')}</Alert>}
        </Box>
      )}
    </Box>
  );
}
