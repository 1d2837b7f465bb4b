import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../common/format';
import { useApiQuery } from '../common/useApiQuery';
import type { AppDataProvider } from '../providers/dataProvider';
import { translateMessage } from '../providers/serverMessages';
import { describeError } from '../stores/appError';
import { useUserState } from '../stores/hooks';
import { userStore } from '../stores/userStore';
import type { EmailChangeBody, EmailChangeStatus } from '../types/api';

const QUERY_KEY = ['emailChange'] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A failure in words: the sign-in limit's text for 429, else the catalogue's. */
function useFailureText() {
  const translate = useTranslate();
  return (error: unknown) =>
    error instanceof HttpError && error.status === 429 ? translate('app.auth.rate_limited') : describeError(error, translate, 'app.errors.general');
}

/** The field problems the server named (translated), keyed by field. */
function fieldErrors(error: unknown, translate: (key: string, options?: object) => string): Record<string, string> {
  const errors = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, message]) => [field, translateMessage(translate, message)]));
}

/**
 * Settings → e-mail address (issue #21): a new address takes effect only once the link mailed to it
 * is followed; until then the change is shown as pending, with resend and cancel. The form asks for
 * the current password: whoever borrowed an open session cannot take the account away.
 */
export function EmailChangeSection() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const cached = useUserState().user?.emails[0];
  const load = useApiQuery({ queryKey: QUERY_KEY, queryFn: () => dataProvider.emailChange() });
  const stored = (status: EmailChangeStatus) => queryClient.setQueryData(QUERY_KEY, status);
  const failureText = useFailureText();

  // The link may have been followed elsewhere: the cached user (spec §3) follows the server's address.
  const current = load.data?.email;
  useEffect(() => {
    if (current && cached && current !== cached) void userStore.fetch().catch(() => undefined);
  }, [current, cached]);

  return (
    <Box component="section" aria-labelledby="email-change-title">
      <Typography variant="h6" component="h2" id="email-change-title" gutterBottom>
        {translate('app.settings.email.title')}
      </Typography>
      {load.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void load.refetch()}>
              {translate('app.common.retry')}
            </Button>
          }
        >
          {failureText(load.error)}
        </Alert>
      ) : !load.data ? (
        <LinearProgress />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{translate('app.settings.email.current', { email: load.data.email })}</Typography>
          {load.data.pending ? <PendingChange pending={load.data.pending} onChange={stored} /> : <ChangeForm onRequested={stored} />}
        </Box>
      )}
    </Box>
  );
}

function PendingChange({ pending, onChange }: { pending: NonNullable<EmailChangeStatus['pending']>; onChange: (status: EmailChangeStatus) => void }) {
  const translate = useTranslate();
  const format = useFormatters();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const resend = useMutation({
    mutationFn: () => dataProvider.resendEmailChange(),
    onSuccess: (status) => {
      onChange(status);
      notify('app.settings.email.resent', { type: 'success' });
    },
  });
  const cancel = useMutation({
    mutationFn: () => dataProvider.cancelEmailChange(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEY }),
  });
  const until = format.dateTime(pending.expires_at);
  const busy = resend.isPending || cancel.isPending;
  const failure = resend.error ?? cancel.error;
  return (
    <>
      <Alert severity="info">{translate('app.settings.email.pending', { email: pending.email, until })}</Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => resend.mutate()}>
          {translate('app.settings.email.resend')}
        </Button>
        <Button color="error" disabled={busy} onClick={() => cancel.mutate()}>
          {translate('app.settings.email.cancel_change')}
        </Button>
      </Box>
      {failure && <Alert severity="error">{failureText(failure)}</Alert>}
    </>
  );
}

function ChangeForm({ onRequested }: { onRequested: (status: EmailChangeStatus) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failureText = useFailureText();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const request = useMutation({ mutationFn: (body: EmailChangeBody) => dataProvider.requestEmailChange(body), onSuccess: onRequested });

  if (!open)
    return (
      <Box>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {translate('app.settings.email.change')}
        </Button>
      </Box>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!EMAIL_PATTERN.test(email.trim())) problems.email = translate(email.trim() ? 'app.auth.invalid_email' : 'app.auth.required');
    if (!password) problems.password = translate('app.auth.required');
    setChecked(problems);
    if (Object.keys(problems).length === 0) request.mutate({ email: email.trim(), password });
  };
  const server = request.isError ? fieldErrors(request.error, translate) : {};
  const errorOf = (field: string) => checked[field] ?? server[field];
  const formFailure = request.isError && Object.keys(server).length === 0 ? failureText(request.error) : undefined;

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 400 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.settings.email.help')}
      </Typography>
      <TextField
        required
        type="email"
        autoComplete="email"
        label={translate('app.settings.email.new_email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errorOf('email'))}
        helperText={errorOf('email')}
      />
      <TextField
        required
        type="password"
        autoComplete="current-password"
        label={translate('app.settings.email.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errorOf('password'))}
        helperText={errorOf('password')}
      />
      {formFailure && <Alert severity="error">{formFailure}</Alert>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={request.isPending}>
          {translate('app.settings.email.send_link')}
        </Button>
        <Button onClick={() => setOpen(false)} disabled={request.isPending}>
          {translate('app.settings.email.close')}
        </Button>
      </Box>
    </Box>
  );
}
