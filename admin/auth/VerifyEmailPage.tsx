import { Alert, CircularProgress, Link as MuiLink } from '@mui/material';
import { useEffect, useState } from 'react';
import { useAuthTranslate } from './i18n';
import { AuthFrame } from './AuthFrame';
import { AuthLink } from './navigation';
import { confirmEmailChange, verifyEmail } from './client';

/** The verification link's page (server/src/auth/email-verification.ts writes links to it). */
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
/** The page of the link mailed to a new address (server/src/auth/email-change.ts writes links to it). */
export const CONFIRM_EMAIL_CHANGE_PATH = '/auth/confirm-email-change';

/** What following a mailed link came to; `EMAIL_TAKEN`: another account took the new address meanwhile. */
export type LinkOutcome = 'VERIFIED' | 'INVALID_TOKEN' | 'EMAIL_TAKEN';

export interface VerifyEmailPageProps {
  verify?: () => Promise<LinkOutcome>;
}

type Verification =
  { isPending: true; data?: undefined; isError: false; error?: undefined } | { isPending: false; data?: LinkOutcome; isError: boolean; error?: unknown };

/** Each verification started, per link (query string): the token is used once, its answer kept, never asked for again. */
const started = new WeakMap<() => Promise<LinkOutcome>, Map<string, Promise<LinkOutcome>>>();

function useVerification(verify: () => Promise<LinkOutcome>): Verification {
  const [state, setState] = useState<Verification>({ isPending: true, isError: false });
  useEffect(() => {
    let active = true;
    const links = started.get(verify) ?? new Map<string, Promise<LinkOutcome>>();
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

/** The texts of one kind of link's page. */
interface LinkTexts {
  title: string;
  pending: string;
  done: string;
  invalid: string;
}

const VERIFY_TEXTS: LinkTexts = {
  title: 'app.auth.verify_title',
  pending: 'app.auth.verifying',
  done: 'app.auth.verified',
  invalid: 'app.auth.verify_invalid_token',
};
const CHANGE_TEXTS: LinkTexts = {
  title: 'app.auth.email_change_title',
  pending: 'app.auth.email_changing',
  done: 'app.auth.email_changed',
  invalid: 'app.auth.email_change_invalid_token',
};

/** Confirms the address once when opened from the mail's link; works without a session (another device). */
export function VerifyEmailPage({ verify = verifyEmail }: VerifyEmailPageProps) {
  return <LinkPage verify={verify} texts={VERIFY_TEXTS} />;
}

/** Switches the account to its new address once when opened from the link mailed there; no session needed either. */
export function ConfirmEmailChangePage({ verify = confirmEmailChange }: VerifyEmailPageProps) {
  return <LinkPage verify={verify} texts={CHANGE_TEXTS} />;
}

function LinkPage({ verify, texts }: { verify: () => Promise<LinkOutcome>; texts: LinkTexts }) {
  const translate = useAuthTranslate();
  const result = useVerification(verify);
  return (
    <AuthFrame title={translate(texts.title)}>
      {result.isPending && <CircularProgress aria-label={translate(texts.pending)} />}
      {result.data === 'VERIFIED' && <Alert severity="success">{translate(texts.done)}</Alert>}
      {result.data === 'INVALID_TOKEN' && <Alert severity="error">{translate(texts.invalid)}</Alert>}
      {result.data === 'EMAIL_TAKEN' && <Alert severity="error">{translate('app.auth.email_change_taken')}</Alert>}
      {result.isError && <Alert severity="error">{translate(result.error instanceof TypeError ? 'app.errors.networkError' : 'app.errors.general')}</Alert>}
      <MuiLink component={AuthLink} to="/dashboard" sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
        {translate('app.auth.to_console')}
      </MuiLink>
    </AuthFrame>
  );
}
