import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCreate, useTranslate } from 'react-admin';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { ApiKeyWithSecret } from '../types/api';
import { useCompanyState } from '../stores/hooks';

const ALL = 'all';

/** Creates a key (name, optional expiry, one company or all, read-only or not) and hands the secret to the caller to show once. */
export function ApiKeyCreateButton({ onCreated }: { onCreated: (secret: string) => void }) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const [create, { isPending }] = useCreate<ApiKeyWithSecret>();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [scope, setScope] = useState(ALL);
  const [readOnly, setReadOnly] = useState(false);
  const { companies } = useCompanyState();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const data = {
      name: name.trim(),
      ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
      company_id: scope === ALL ? null : scope,
      read_only: readOnly,
    };
    void create(
      'api-keys',
      { data },
      {
        onSuccess: (record) => {
          setOpen(false);
          setName('');
          setExpires('');
          onCreated(record.key);
        },
        onError: notifyFailure,
      },
    );
  };

  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.api_keys.new_key')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <form onSubmit={submit}>
          <DialogTitle>{translate('app.api_keys.new_key')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              required
              margin="normal"
              label={translate('resources.api-keys.fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              fullWidth
              margin="normal"
              type="date"
              label={translate('resources.api-keys.fields.expiresAt')}
              value={expires}
              onChange={(event) => setExpires(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              fullWidth
              margin="normal"
              label={translate('app.api_keys.scope')}
              value={scope}
              onChange={(event) => setScope(event.target.value)}
              helperText={translate('app.api_keys.scope_help')}
            >
              <MenuItem value={ALL}>{translate('app.api_keys.all_companies')}</MenuItem>
              {companies.map((company) => (
                <MenuItem key={company.id} value={company.id}>
                  {company.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Checkbox checked={readOnly} onChange={(event) => setReadOnly(event.target.checked)} />}
              label={translate('app.api_keys.read_only')}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={isPending || !name.trim()}>
              {translate('ra.action.create')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
