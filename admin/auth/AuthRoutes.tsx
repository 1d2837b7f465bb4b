import { useEffect } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { AuthPage } from './AuthPage';
import { useAuthLocation } from './navigation';
import { isAuthAddress } from './paths';
import { isSignedInState } from './redirect';
import { ResetPasswordPage, RESET_PASSWORD_PATH } from './ResetPasswordPage';
import { CONFIRM_EMAIL_CHANGE_PATH, ConfirmEmailChangePage, VERIFY_EMAIL_PATH, VerifyEmailPage } from './VerifyEmailPage';

/** Opens the console at the current address; `signedIn` after a sign-in (the console then starts from fresh user data). */
export type OpenConsole = (options: { signedIn: boolean }) => void;

/** Any address outside the sign-in pages (after sign-in, the verification page's console link) belongs to the console. */
function ConsoleHandover({ openConsole, signedIn }: { openConsole: OpenConsole; signedIn: boolean }) {
  useEffect(() => openConsole({ signedIn }), [openConsole, signedIn]);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress />
    </Box>
  );
}

/** The sign-in entry's pages (spec §2): sign-in and sign-up (/auth, /auth/signup), password reset and the verification link's page. */
export function AuthRoutes({ openConsole }: { openConsole: OpenConsole }) {
  const { pathname, state } = useAuthLocation();
  if (pathname === RESET_PASSWORD_PATH) return <ResetPasswordPage />;
  if (pathname === VERIFY_EMAIL_PATH) return <VerifyEmailPage />;
  if (pathname === CONFIRM_EMAIL_CHANGE_PATH) return <ConfirmEmailChangePage />;
  if (isAuthAddress(pathname)) return <AuthPage />;
  return <ConsoleHandover openConsole={openConsole} signedIn={isSignedInState(state)} />;
}
