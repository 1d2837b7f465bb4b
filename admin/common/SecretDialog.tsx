import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

/** Catalogue keys of a secret dialog's texts. */
export interface SecretDialogLabels {
  title: string;
  once: string;
  copy: string;
  copied: string;
  close: string;
}

/** Shows a new secret once, with a copy button (API keys, webhook signing secrets): it cannot be read back later. */
export function SecretDialog({ secret, onClose, labels, testId }: { secret: string | null; onClose: () => void; labels: SecretDialogLabels; testId: string }) {
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
      <DialogTitle>{translate(labels.title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(labels.once)}
        </Alert>
        <TextField fullWidth value={secret ?? ''} slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } } }} />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate(copied ? labels.copied : labels.copy)}
        </Button>
        <Button variant="contained" onClick={close}>
          {translate(labels.close)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
