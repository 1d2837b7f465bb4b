import { Alert, Button } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { resendVerification } from '../auth/consoleSession';
import type { AppDataProvider } from '../providers/dataProvider';

export interface VerifyEmailBannerProps {
  actions?: { isVerified: () => Promise<boolean>; resend: () => Promise<'SENT' | 'ALREADY_VERIFIED'> };
}

/** Until the user confirms their address: a reminder with a button to mail the link again. */
export function VerifyEmailBanner({ actions: given }: VerifyEmailBannerProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const actions = given ?? { isVerified: () => dataProvider.emailVerified(), resend: resendVerification };
  const verified = useQuery({ queryKey: ['email-verified'], queryFn: actions.isVerified, retry: false });
  const resend = useMutation({ mutationFn: actions.resend, onSuccess: (status) => status === 'ALREADY_VERIFIED' && void verified.refetch() });
  // Nothing while asking, once verified, or when the question failed (the banner is a reminder, not a gate).
  if (verified.data !== false) return null;
  const rateLimited = resend.error instanceof Response && resend.error.status === 429;
  return (
    <Alert
      severity={resend.isError ? 'error' : 'warning'}
      sx={{ mb: 2 }}
      action={
        resend.data === 'SENT' ? undefined : (
          <Button color="inherit" size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {translate('app.verify_banner.resend')}
          </Button>
        )
      }
    >
      {resend.data === 'SENT'
        ? translate('app.verify_banner.sent')
        : resend.isError
          ? translate(rateLimited ? 'app.auth.rate_limited' : 'app.errors.general')
          : translate('app.verify_banner.text')}
    </Alert>
  );
}
