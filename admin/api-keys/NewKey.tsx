import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCreate, useTranslate } from 'react-admin';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { ApiKeyWithSecret } from '../types/api';
import { useCompanyState } from '../stores/hooks';

const ALL = 'all';

/** A date input's value as an instant, or null when it is not a whole, real date (e.g. "2026-02-31" half typed). */
function expiryOf(value: string): Date | null {
  const date = new Date(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * The form lives only while the dialog is open: Cancel, Escape or a created key unmount it, so
 * the next "New key" starts empty instead of with the last (maybe invalid) name and date.
 */
function NewKeyForm({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const [create, { isPending }] = useCreate<ApiKeyWithSecret>();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [scope, setScope] = useState(ALL);
  const [readOnly, setReadOnly] = useState(false);
  const { companies } = useCompanyState();
  const expiry = expires ? expiryOf(expires) : null;
  const badDate = expires !== '' && expiry === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || badDate) return;
    const data = {
      name: name.trim(),
      ...(expiry ? { expiresAt: expiry.toISOString() } : {}),
      company_id: scope === ALL ? null : scope,
      read_only: readOnly,
    };
    void create(
      'api-keys',
      { data },
      {
        onSuccess: (record) => {
          onClose();
          onCreated(record.key);
        },
        onError: notifyFailure,
      },
    );
  };

  return (
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
          error={badDate}
          helperText={badDate ? translate('app.api_keys.invalid_date') : undefined}
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
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isPending || !name.trim() || badDate}>
          {translate('ra.action.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Opens the new-key dialog; the list shows it in its toolbar and in its empty state. */
export function NewKeyButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Button startIcon={<AddIcon />} onClick={onClick}>
      {translate('app.api_keys.new_key')}
    </Button>
  );
}

/**
 * Creates a key (name, optional expiry, one company or all, read-only or not) and hands the secret
 * to the caller to show once. One dialog for the list's two "New key" buttons, held by the list:
 * a press on the toolbar's while the list loads opened a dialog of that button, which went with it
 * when the loaded list turned out empty and showed its own button instead.
 */
export function NewKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      {open && <NewKeyForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}
