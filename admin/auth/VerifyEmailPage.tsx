import { Link } from 'react-router-dom';
import { Alert, CircularProgress, Link as MuiLink } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { AuthFrame } from './AuthFrame';
import { verifyEmail } from './session';

/** The verification link's page (server/src/auth/email-verification.ts writes links to it). */
export const VERIFY_EMAIL_PATH = '/auth/verify-email';

export interface VerifyEmailPageProps {
  verify?: () => Promise<'VERIFIED' | 'INVALID_TOKEN'>;
}

/** Confirms the address once when opened from the mail's link; works without a session (another device). */
export function VerifyEmailPage({ verify = verifyEmail }: VerifyEmailPageProps) {
  const translate = useTranslate();
  // The token is used once: the answer is kept, never asked for again.
  const result = useQuery({ queryKey: ['verify-email', window.location.search], queryFn: verify, retry: false, staleTime: Infinity, gcTime: Infinity });
  return (
    <AuthFrame title={translate('app.auth.verify_title')}>
      {result.isPending && <CircularProgress aria-label={translate('app.auth.verifying')} />}
      {result.data === 'VERIFIED' && <Alert severity="success">{translate('app.auth.verified')}</Alert>}
      {result.data === 'INVALID_TOKEN' && <Alert severity="error">{translate('app.auth.verify_invalid_token')}</Alert>}
      {result.isError && <Alert severity="error">{translate(result.error instanceof TypeError ? 'app.errors.networkError' : 'app.errors.general')}</Alert>}
      <MuiLink component={Link} to="/dashboard" sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
        {translate('app.auth.to_console')}
      </MuiLink>
    </AuthFrame>
  );
}
