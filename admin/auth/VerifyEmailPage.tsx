import { Alert, CircularProgress, Link as MuiLink } from '@mui/material';
import { useEffect, useState } from 'react';
import { useAuthTranslate } from './i18n';
import { AuthFrame } from './AuthFrame';
import { AuthLink } from './navigation';
import { verifyEmail } from './client';

/** The verification link's page (server/src/auth/email-verification.ts writes links to it). */
export const VERIFY_EMAIL_PATH = '/auth/verify-email';

export interface VerifyEmailPageProps {
  verify?: () => Promise<'VERIFIED' | 'INVALID_TOKEN'>;
}

type Verification =
  | { isPending: true; data?: undefined; isError: false; error?: undefined }
  | { isPending: false; data?: 'VERIFIED' | 'INVALID_TOKEN'; isError: boolean; error?: unknown };

/** Each verification started, per link (query string): the token is used once, its answer kept, never asked for again. */
const started = new WeakMap<() => Promise<'VERIFIED' | 'INVALID_TOKEN'>, Map<string, Promise<'VERIFIED' | 'INVALID_TOKEN'>>>();

function useVerification(verify: () => Promise<'VERIFIED' | 'INVALID_TOKEN'>): Verification {
  const [state, setState] = useState<Verification>({ isPending: true, isError: false });
  useEffect(() => {
    let active = true;
    const links = started.get(verify) ?? new Map<string, Promise<'VERIFIED' | 'INVALID_TOKEN'>>();
    started.set(verify, links);
    const link = window.location.search;
    const answer = links.get(link) ?? verify();
    links.set(link, answer);
    answer.then(
      (data) => active && setState({ isPending: false, data, isError: false }),
      (error: unknown) => active && setState({ isPending: false, isError: true, error }),
    );
    return () => {
      active = false;
    };
  }, [verify]);
  return state;
}

/** Confirms the address once when opened from the mail's link; works without a session (another device). */
export function VerifyEmailPage({ verify = verifyEmail }: VerifyEmailPageProps) {
  const translate = useAuthTranslate();
  const result = useVerification(verify);
  return (
    <AuthFrame title={translate('app.auth.verify_title')}>
      {result.isPending && <CircularProgress aria-label={translate('app.auth.verifying')} />}
      {result.data === 'VERIFIED' && <Alert severity="success">{translate('app.auth.verified')}</Alert>}
      {result.data === 'INVALID_TOKEN' && <Alert severity="error">{translate('app.auth.verify_invalid_token')}</Alert>}
      {result.isError && <Alert severity="error">{translate(result.error instanceof TypeError ? 'app.errors.networkError' : 'app.errors.general')}</Alert>}
      <MuiLink component={AuthLink} to="/dashboard" sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
        {translate('app.auth.to_console')}
      </MuiLink>
    </AuthFrame>
  );
}
