import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCreate, useTranslate } from 'react-admin';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { WebhookWithSecret } from '../types/api';
import { NO_WEBHOOK_FIELDS, WebhookDialog, webhookFieldErrors, type WebhookFields } from './WebhookDialog';
import { Permitted } from '../common/Permitted';

/** Creates a webhook (URL, an optional header) and hands its signing secret to the caller to show once. */
export function WebhookCreateButton({ onCreated }: { onCreated: (secret: string) => void }) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const [create, { isPending }] = useCreate<WebhookWithSecret>();
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<keyof WebhookFields, string>>>({});

  const close = () => {
    setOpen(false);
    setProblems({});
  };
  const submit = ({ url, header_name, header_value }: WebhookFields) => {
    const header = header_name ? { header_name, header_value } : {};
    void create(
      'webhooks',
      { data: { url, ...header } },
      {
        onSuccess: (record) => {
          close();
          onCreated(record.secret);
        },
        onError: (error) => {
          const found = webhookFieldErrors(error);
          setProblems(found);
          if (!found.url && !found.header_name) notifyFailure(error);
        },
      },
    );
  };

  return (
    <>
      <Permitted action="POST /webhook/">
        <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
          {translate('app.webhooks.new')}
        </Button>
      </Permitted>
      {open && (
        <WebhookDialog
          title={translate('app.webhooks.new')}
          submitLabel={translate('ra.action.create')}
          initial={NO_WEBHOOK_FIELDS}
          pending={isPending}
          problems={problems}
          onSubmit={submit}
          onClose={close}
        />
      )}
    </>
  );
}
