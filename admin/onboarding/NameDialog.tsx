import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { describeError } from '../stores/appError';

/** The form after onboarding that asks for first and last name; both are required (spec §2, §5). */
export function NameDialog({ onSave }: { onSave: (names: { first_name: string; last_name: string }) => Promise<unknown> }) {
  const translate = useTranslate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = firstName.trim() !== '' && lastName.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    setSaving(true);
    setError(null);
    try {
      await onSave({ first_name: firstName.trim(), last_name: lastName.trim() });
    } catch (failure) {
      setError(describeError(failure, translate, 'app.errors.failedUpdateUser'));
      setSaving(false);
    }
  };
  const requiredText = (value: string) => (touched && !value.trim() ? translate('app.onboarding.required') : undefined);

  return (
    <Dialog open disableEscapeKeyDown fullWidth maxWidth="xs" aria-labelledby="name-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="name-title">{translate('app.onboarding.name_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="normal"
            label={translate('app.onboarding.first_name')}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={Boolean(requiredText(firstName))}
            helperText={requiredText(firstName)}
          />
          <TextField
            fullWidth
            required
            margin="normal"
            label={translate('app.onboarding.last_name')}
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={Boolean(requiredText(lastName))}
            helperText={requiredText(lastName)}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('app.onboarding.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
