import { Box, Button, Stack, Typography } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link } from 'react-router-dom';
import { CreateButton, useTranslate } from 'react-admin';
import { Permitted } from '../common/Permitted';

/** A company without devices: the three ways to its first ones (one by hand, a shop's CSV, a profile from the template store). */
export function DevicesEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h6" gutterBottom>
        {translate('ra.page.empty', { name: translate('resources.devices.name', { smart_count: 2 }) })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.devices.empty_hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center" alignItems="center">
        <Permitted action="POST /device/">
          <CreateButton variant="contained" label="app.devices.empty_register" />
        </Permitted>
        <Permitted action="POST /device/bulk/">
          <Button component={Link} to="/devices/import" startIcon={<UploadFileIcon />}>
            {translate('app.import.open')}
          </Button>
        </Permitted>
        <Button component={Link} to="/templates" startIcon={<StorefrontIcon />}>
          {translate('app.devices.empty_templates')}
        </Button>
      </Stack>
    </Box>
  );
}
