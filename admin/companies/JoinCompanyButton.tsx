import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { companyStore } from '../stores/companyStore';
import { joinError } from './joinError';
import { shouldOnboard } from '../onboarding/OnboardingGate';
import { useUserState } from '../stores/hooks';

/**
 * Join a company with an invite code (spec §2 Companies); the switcher then lists it. The invite
 * mail's link (`/companies?invite=CODE`) opens the dialog with its code filled in, unless the
 * onboarding wizard is shown (a new account): that offers joining with the code itself.
 */
export function JoinCompanyButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const invited = useSearchParams()[0].get('invite') ?? '';
  const onboarding = shouldOnboard(useUserState());
  const [open, setOpen] = useState(invited !== '' && !onboarding);
  const [code, setCode] = useState(invited);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setCode('');
    setTouched(false);
    setFailure(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!code.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      const joined = await dataProvider.joinWithCode(code);
      await companyStore.refresh();
      await companyStore.select(joined.company_id);
      notify('app.companies.joined', { type: 'success' });
      refresh();
      close();
    } catch (error) {
      setFailure(joinError(error) ?? describeError(error, translate, 'app.errors.general'));
    } finally {
      setBusy(false);
    }
  };
  const missing = touched && !code.trim();

  return (
    <>
      <Button startIcon={<GroupAddIcon />} onClick={() => setOpen(true)}>
        {translate('app.companies.join')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle>{translate('app.companies.join')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="normal"
              label={translate('app.companies.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={missing}
              helperText={missing ? translate('ra.validation.required') : translate('app.companies.code_help')}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', textTransform: 'uppercase' } } }}
            />
            {failure && <Alert severity="error">{translate(failure)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('app.companies.join_submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
