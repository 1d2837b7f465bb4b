import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Permitted } from '../common/Permitted';

export interface DashboardFields {
  name: string;
  is_shared: boolean;
}

/** Name and private or shared (spec §3 Dashboard), for a new dashboard or to change one. */
export function DashboardDialog({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: DashboardFields;
  onSave: (fields: DashboardFields) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(initial.name);
  const [shared, setShared] = useState(initial.is_shared);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = !name.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      await onSave({ name: name.trim(), is_shared: shared });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            label={translate('resources.dashboards.fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={touched && missing}
            helperText={touched && missing ? translate('ra.validation.required') : ' '}
          />
          <FormControlLabel
            control={
              // Viewers keep their dashboards private: sharing is for members and up.
              <Permitted action="POST /dashboard/">
                <Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />
              </Permitted>
            }
            label={translate('app.dashboards.shared_help')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
