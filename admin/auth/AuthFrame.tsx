import type { FormEvent, ReactNode, Ref } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { PRODUCT_NAME } from '../common/product';
import { DefaultLogo } from '../layout/DefaultLogo';
import { LanguageMenu } from '../common/LanguageMenu';
import { useAuthI18n } from './i18n';

/** The card the public auth pages share: logo, tagline, language, a title and the form. */
export interface AuthFrameProps {
  title: string;
  onSubmit?: (event: FormEvent) => void;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

export function AuthFrame({ title, onSubmit, formRef, children }: AuthFrameProps) {
  const { translate, language, setLanguage } = useAuthI18n();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="form" ref={formRef} onSubmit={onSubmit} noValidate sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main' }}>
          <DefaultLogo title={PRODUCT_NAME} />
          <Box sx={{ flexGrow: 1 }}>
            <Typography fontWeight={600}>{PRODUCT_NAME}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.auth.tagline')}
            </Typography>
          </Box>
          <LanguageMenu language={language} onChange={setLanguage} translate={translate} />
        </Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
