import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DefaultLogo } from '../layout/DefaultLogo';

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** The navigation bar as the tenant's companies will see it, following the form as the user types. */
export function BarPreview() {
  const translate = useTranslate();
  const [name, logoUrl, colorHex] = useWatch<{ name?: string; logo_url?: string | null; color_hex?: string | null }>({
    name: ['name', 'logo_url', 'color_hex'],
  }) as [string | undefined, string | null | undefined, string | null | undefined];
  const color = colorHex && HEX.test(colorHex) ? colorHex : undefined;
  const label = name?.trim() || translate('app.nav.logo');
  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <Typography variant="subtitle2" gutterBottom>
        {translate('app.tenants.preview')}
      </Typography>
      <AppBar position="static" data-testid="bar-preview" sx={color ? { backgroundColor: color } : undefined}>
        <Toolbar variant="dense" sx={{ gap: 2 }}>
          {logoUrl ? <Box component="img" src={logoUrl} alt={label} sx={{ height: 28, maxWidth: 140 }} /> : <DefaultLogo title={label} />}
          <Typography variant="body2">{translate('app.nav.dashboard')}</Typography>
          <Typography variant="body2">{translate('app.nav.devices')}</Typography>
          <Typography variant="body2">{translate('app.nav.gateways')}</Typography>
        </Toolbar>
      </AppBar>
    </Box>
  );
}
