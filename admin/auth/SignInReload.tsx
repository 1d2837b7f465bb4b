import { useEffect } from 'react';
import { LinearProgress } from '@mui/material';

/**
 * The console never shows the sign-in pages: reached on a sign-in address (after sign-out, or a
 * guard's redirect), the page loads again as the light sign-in entry, which also drops every
 * piece of the signed-out user's state held in memory.
 */
export function SignInReload() {
  useEffect(() => window.location.reload(), []);
  return <LinearProgress />;
}
