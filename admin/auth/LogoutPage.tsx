import { useEffect } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';

/** /logout signs out and returns to /auth (the auth provider's logout says where). */
export function LogoutPage() {
  const translate = useTranslate();
  const logout = useLogout();
  useEffect(() => {
    void logout();
  }, [logout]);
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight: '100vh' }}>
      <CircularProgress size={24} />
      <Typography>{translate('app.auth.signing_out')}</Typography>
    </Box>
  );
}
