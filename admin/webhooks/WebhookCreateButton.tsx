import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { HttpError, useCreate, useTranslate } from 'react-admin';
import { useNotifyFailure } from '../common/useNotifyFailure';
import { translateMessage } from '../providers/serverMessages';
import type { WebhookWithSecret } from '../types/api';

const EMPTY = { url: '', header_name: '', header_value: '' };

/** The server's problem with a field of the form, translated (e.g. an address webhooks may not reach). */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
  return errors?.[field];
}

/** Creates a webhook (URL, an optional header) and hands its signing secret to the caller to show once. */
export function WebhookCreateButton({ onCreated }: { onCreated: (secret: string) => void }) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const [create, { isPending }] = useCreate<WebhookWithSecret>();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});

  const close = () => {
    setOpen(false);
    setFields(EMPTY);
    setProblems({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = fields.url.trim();
    if (!url) return;
    const header = fields.header_name.trim() ? { header_name: fields.header_name.trim(), header_value: fields.header_value } : {};
    void create(
      'webhooks',
      { data: { url, ...header } },
      {
        onSuccess: (record) => {
          close();
          onCreated(record.secret);
        },
        onError: (error) => {
          const found = { url: fieldError(error, 'url'), header_name: fieldError(error, 'header_name') };
          setProblems(found);
          if (!found.url && !found.header_name) notifyFailure(error);
        },
      },
    );
  };
  const input = (name: keyof typeof EMPTY) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
    error: Boolean(problems[name]),
    helperText: problems[name] ? translateMessage(translate, problems[name]) : undefined,
  });

  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.webhooks.new')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <form onSubmit={submit}>
          <DialogTitle>{translate('app.webhooks.new')}</DialogTitle>
          <DialogContent>
            <TextField autoFocus fullWidth required margin="normal" type="url" label={translate('resources.webhooks.fields.url')} {...input('url')} />
            <TextField fullWidth margin="normal" label={translate('resources.webhooks.fields.header_name')} {...input('header_name')} />
            <TextField
              fullWidth
              margin="normal"
              type="password"
              autoComplete="off"
              label={translate('app.webhooks.header_value')}
              disabled={!fields.header_name.trim()}
              {...input('header_value')}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={isPending || !fields.url.trim()}>
              {translate('ra.action.create')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
