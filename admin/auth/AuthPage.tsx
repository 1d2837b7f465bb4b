import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Link as MuiLink } from '@mui/material';
import { AuthField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthLink, useAuthLocation, useAuthNavigate } from './navigation';
import { RESET_PASSWORD_PATH } from './ResetPasswordPage';
import { useAuthTitle, useAuthTranslate } from './i18n';
import { AFTER_SIGN_IN_PATH, SIGNED_IN_STATE } from './redirect';
import { signIn, signUp } from './client';
import { readStaticForm, resumeStaticForm } from './intent';
import { AUTH_PATH } from './paths';
import { RETURN_PARAM, safeReturnPath } from './returnPath';
import type { AuthOutcome, Credentials } from './session';
import { translateMessage } from '../providers/serverMessages';

export const SIGN_UP_PATH = `${AUTH_PATH}/signup`;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Messages to translate (catalogue keys, or the server's codes as serverMessages.ts makes them). */
type FieldErrors = Partial<Record<'email' | 'password', string>>;

export interface AuthPageProps {
  actions?: { signIn: (credentials: Credentials) => Promise<AuthOutcome>; signUp: (credentials: Credentials) => Promise<AuthOutcome> };
}

/** Sign-in and sign-up at /auth and its subpaths (/auth/signup shows sign-up). */
export function AuthPage({ actions = { signIn, signUp } }: AuthPageProps) {
  const translate = useAuthTranslate();
  const navigate = useAuthNavigate();
  const location = useAuthLocation();
  const isSignUp = location.pathname.startsWith(SIGN_UP_PATH);
  // Where the visitor was going before signing in (an invite link keeps its code through sign-up too).
  const returnTo = safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM));
  // The page the build drew may have been typed into before this one replaced it (intent.ts).
  const [drawn] = useState(readStaticForm);
  const [email, setEmail] = useState(drawn?.email ?? '');
  const [password, setPassword] = useState(drawn?.password ?? '');
  const formRef = useRef<HTMLFormElement>(null);
  // In the commit that replaces the drawn form, so no keystroke falls between the two.
  useLayoutEffect(() => resumeStaticForm(formRef.current, drawn), [drawn]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'app.auth.required';
    else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'app.auth.invalid_email';
    if (!password) errors.password = 'app.auth.required';
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const outcome = await (isSignUp ? actions.signUp : actions.signIn)({ email, password });
    setBusy(false);
    if (outcome.status === 'OK') {
      navigate(returnTo ?? AFTER_SIGN_IN_PATH, { replace: true, state: SIGNED_IN_STATE });
    } else if (outcome.status === 'FIELD_ERROR') setFieldErrors({ email: outcome.fields.email, password: outcome.fields.password });
    else if (outcome.status === 'WRONG_CREDENTIALS') setFormError(translate('app.auth.wrong_credentials'));
    else if (outcome.status === 'NOT_ALLOWED') setFormError(translate('app.auth.not_allowed'));
    else if (outcome.status === 'RATE_LIMITED') setFormError(translate('app.auth.rate_limited'));
    else {
      console.error('Sign-in failed', outcome.error);
      setFormError(translate(outcome.error instanceof TypeError ? 'app.errors.networkError' : 'app.errors.general'));
    }
  };

  const title = translate(isSignUp ? 'app.auth.sign_up' : 'app.auth.sign_in');
  useAuthTitle(isSignUp ? 'app.auth.sign_up' : 'app.auth.sign_in');
  return (
    <AuthFrame title={title} formRef={formRef} onSubmit={(event) => void submit(event)}>
      <AuthField
        type="email"
        autoComplete="email"
        label={translate('app.auth.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email && translateMessage(translate, fieldErrors.email)}
      />
      <AuthField
        type="password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        label={translate('app.auth.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password && translateMessage(translate, fieldErrors.password)}
      />
      {formError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {formError}
        </Alert>
      )}
      <Button type="submit" fullWidth variant="contained" sx={{ mt: 2 }} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
        {title}
      </Button>
      <MuiLink component={AuthLink} to={`${isSignUp ? AUTH_PATH : SIGN_UP_PATH}${location.search}`} sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
        {translate(isSignUp ? 'app.auth.have_account' : 'app.auth.no_account')}
      </MuiLink>
      {!isSignUp && (
        <MuiLink component={AuthLink} to={RESET_PASSWORD_PATH} sx={{ display: 'block', mt: 1, textAlign: 'center' }}>
          {translate('app.auth.forgot_password')}
        </MuiLink>
      )}
    </AuthFrame>
  );
}
