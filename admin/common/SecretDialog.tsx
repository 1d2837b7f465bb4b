import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

/** Shows a new or regenerated key once, with a copy button (spec §4: the secret is shown once). */
export function SecretKeyDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied(true);
    } catch (error) {
      console.warn('Clipboard not available', error);
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={secret !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.api_keys.key_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.api_keys.key_once')}
        </Alert>
        <TextField
          fullWidth
          value={secret ?? ''}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'api-key-secret', style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate(copied ? 'app.api_keys.copied' : 'app.api_keys.copy')}
        </Button>
        <Button variant="contained" onClick={close}>
          {translate('app.api_keys.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
