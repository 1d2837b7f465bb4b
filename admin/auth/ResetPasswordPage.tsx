import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Link as MuiLink, Typography } from '@mui/material';
import { useAuthTranslate } from './i18n';
import { translateMessage } from '../providers/serverMessages';
import { AuthField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthLink, useAuthLocation } from './navigation';
import { requestPasswordReset, submitNewPassword } from './client';
import { AUTH_PATH } from './paths';
import type { ResetOutcome } from './session';

/** The reset link's page (server/src/auth/password-reset.ts writes links to it). */
export const RESET_PASSWORD_PATH = `${AUTH_PATH}/reset-password`;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ResetPasswordPageProps {
  actions?: { request: (email: string) => Promise<ResetOutcome>; submit: (password: string) => Promise<ResetOutcome> };
}

/** The outcome's message for the form: none for OK and field errors (those show at the field). */
function formMessage(outcome: ResetOutcome | undefined): string | undefined {
  if (!outcome || outcome.status === 'OK' || outcome.status === 'FIELD_ERROR') return undefined;
  if (outcome.status === 'INVALID_TOKEN') return 'app.auth.reset_invalid_token';
  if (outcome.status === 'RATE_LIMITED') return 'app.auth.rate_limited';
  return outcome.error instanceof TypeError ? 'app.errors.networkError' : 'app.errors.general';
}

/**
 * /auth/reset-password: without a token, asks for the address to mail a link to; opened from the
 * link (`?token=`), asks for the new password.
 */
export function ResetPasswordPage({ actions = { request: requestPasswordReset, submit: submitNewPassword } }: ResetPasswordPageProps) {
  const translate = useAuthTranslate();
  const hasToken = Boolean(new URLSearchParams(useAuthLocation().search).get('token'));
  const [value, setValue] = useState('');
  const [checkError, setCheckError] = useState<string | undefined>();
  // The actions answer every failure with an outcome; they never reject.
  const [outcome, setOutcome] = useState<ResetOutcome | undefined>();
  const [pending, setPending] = useState(false);
  const field = hasToken ? 'password' : 'email';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !value.trim() ? 'app.auth.required' : !hasToken && !EMAIL_PATTERN.test(value.trim()) ? 'app.auth.invalid_email' : undefined;
    setCheckError(problem);
    if (problem) return;
    setPending(true);
    void (hasToken ? actions.submit(value) : actions.request(value)).then((result) => {
      setOutcome(result);
      setPending(false);
    });
  };

  const title = translate(hasToken ? 'app.auth.new_password_title' : 'app.auth.reset_title');
  if (outcome?.status === 'OK') {
    return (
      <AuthFrame title={title}>
        <Alert severity="success">{translate(hasToken ? 'app.auth.password_changed' : 'app.auth.reset_sent')}</Alert>
        <MuiLink component={AuthLink} to={AUTH_PATH} sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
          {translate('app.auth.back_to_sign_in')}
        </MuiLink>
      </AuthFrame>
    );
  }
  const serverError = outcome?.status === 'FIELD_ERROR' ? outcome.fields[field] : undefined;
  const fieldError = checkError ?? serverError;
  const message = formMessage(outcome);
  return (
    <AuthFrame title={title} onSubmit={submit}>
      {!hasToken && <Typography variant="body2">{translate('app.auth.reset_help')}</Typography>}
      <AuthField
        type={hasToken ? 'password' : 'email'}
        autoComplete={hasToken ? 'new-password' : 'email'}
        label={translate(hasToken ? 'app.auth.new_password' : 'app.auth.email')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={fieldError && translateMessage(translate, fieldError)}
      />
      {message && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(message)}
          {outcome?.status === 'INVALID_TOKEN' && (
            <MuiLink component={AuthLink} to={RESET_PASSWORD_PATH} sx={{ display: 'block' }}>
              {translate('app.auth.reset_again')}
            </MuiLink>
          )}
        </Alert>
      )}
      <Button type="submit" fullWidth variant="contained" sx={{ mt: 2 }} disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : undefined}>
        {translate(hasToken ? 'app.auth.set_password' : 'app.auth.send_link')}
      </Button>
      <MuiLink component={AuthLink} to={AUTH_PATH} sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
        {translate('app.auth.back_to_sign_in')}
      </MuiLink>
    </AuthFrame>
  );
}
