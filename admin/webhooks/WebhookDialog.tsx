import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import { translateMessage } from '../providers/serverMessages';

/** What the webhook form edits: its URL and an optional header sent with every delivery. */
export interface WebhookFields {
  url: string;
  header_name: string;
  header_value: string;
}

export const NO_WEBHOOK_FIELDS: WebhookFields = { url: '', header_name: '', header_value: '' };

/** The server's problem with a field of the form, translated (e.g. an address webhooks may not reach). */
export function webhookFieldErrors(error: unknown): Partial<Record<keyof WebhookFields, string>> {
  if (!(error instanceof HttpError)) return {};
  const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
  return { url: errors.url, header_name: errors.header_name };
}

/** Shown while open: the parent mounts it on opening, so it always starts from `initial`. */
interface WebhookDialogProps {
  title: string;
  submitLabel: string;
  initial: WebhookFields;
  /** Shown under the header value when one is stored (it is never sent back to the console). */
  headerValueHint?: string;
  pending: boolean;
  problems: Partial<Record<keyof WebhookFields, string>>;
  onSubmit: (fields: WebhookFields) => void;
  onClose: () => void;
}

/** The form of a new webhook and of a changed one (DESIGN §7: create and edit share their inputs). */
export function WebhookDialog({ title, submitLabel, initial, headerValueHint, pending, problems, onSubmit, onClose }: WebhookDialogProps) {
  const translate = useTranslate();
  const [fields, setFields] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.url.trim()) onSubmit({ ...fields, url: fields.url.trim(), header_name: fields.header_name.trim() });
  };
  const input = (name: keyof WebhookFields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
    error: Boolean(problems[name]),
    helperText: problems[name] ? translateMessage(translate, problems[name]) : undefined,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
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
            helperText={input('header_value').helperText ?? headerValueHint}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending || !fields.url.trim()}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
