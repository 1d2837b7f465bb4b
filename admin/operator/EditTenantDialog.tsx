import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import type { OperatorTenant } from '../types/api';

const COLOUR = /^#[0-9A-Fa-f]{6}$/;
const LOGO = /^https?:\/\/\S+$/;

interface EditTenantDialogProps {
  tenant: OperatorTenant;
  onClose: () => void;
}

/** What an operator may change of a reseller's tenant: its name and branding (its owners and companies are the reseller's). */
export function EditTenantDialog({ tenant, onClose }: EditTenantDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [name, setName] = useState(tenant.name);
  const [colour, setColour] = useState(tenant.color_hex ?? '');
  const [logo, setLogo] = useState(tenant.logo_url ?? '');
  const nameOk = name.trim() !== '';
  const colourOk = colour.trim() === '' || COLOUR.test(colour.trim());
  const logoOk = logo.trim() === '' || LOGO.test(logo.trim());
  const save = useMutation({
    mutationFn: () => dataProvider.updateOperatorTenant(tenant.id, { name: name.trim(), color_hex: colour.trim() || null, logo_url: logo.trim() || null }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['operatorTenants'] });
      notify('app.operator.tenant_saved', { type: 'success', messageArgs: { name: name.trim() } });
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-tenant-title">
      <DialogTitle id="edit-tenant-title">{translate('app.operator.edit_tenant', { name: tenant.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.error && <Alert severity="error">{describeError(save.error, translate, 'app.errors.general')}</Alert>}
          <TextField label={translate('app.operator.tenant_name')} value={name} onChange={(event) => setName(event.target.value)} error={!nameOk} required />
          <TextField
            label={translate('app.operator.colour')}
            value={colour}
            onChange={(event) => setColour(event.target.value)}
            error={!colourOk}
            helperText={translate('app.operator.colour_help')}
          />
          <TextField
            label={translate('app.operator.logo_url')}
            value={logo}
            onChange={(event) => setLogo(event.target.value)}
            error={!logoOk}
            helperText={translate('app.operator.logo_help')}
            slotProps={{ htmlInput: { inputMode: 'url' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending || !nameOk || !colourOk || !logoOk} onClick={() => save.mutate()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
