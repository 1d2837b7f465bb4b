import { useState } from 'react';
import { Button } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { Webhook } from '../types/api';
import { WebhookDialog, webhookFieldErrors, type WebhookFields } from './WebhookDialog';
import { Permitted } from '../common/Permitted';

/**
 * Changes a webhook's URL and header. The stored header value is never shown: left empty it is
 * kept, typed it is replaced; a header removed takes its value with it.
 */
export function WebhookEditButton() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const [update, { isPending }] = useUpdate<Webhook>();
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<keyof WebhookFields, string>>>({});
  if (!record) return null;

  const close = () => {
    setOpen(false);
    setProblems({});
  };
  const submit = ({ url, header_name, header_value }: WebhookFields) => {
    const header = !header_name ? { header_name: null, header_value: null } : header_value ? { header_name, header_value } : { header_name };
    void update(
      'webhooks',
      { id: record.id, data: { url, ...header }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: close,
        onError: (error) => {
          const found = webhookFieldErrors(error);
          setProblems(found);
          if (!found.url && !found.header_name) notifyFailure(error);
        },
      },
    );
  };

  return (
    // Inside a row that expands on click: neither the button nor its dialog may toggle it.
    <span onClick={(event) => event.stopPropagation()}>
      <Permitted action="PATCH /webhook/:id/">
        <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
          {translate('ra.action.edit')}
        </Button>
      </Permitted>
      {open && (
        <WebhookDialog
          title={translate('app.webhooks.edit_title', { url: record.url })}
          submitLabel={translate('ra.action.save')}
          initial={{ url: record.url, header_name: record.header_name ?? '', header_value: '' }}
          headerValueHint={record.has_header_value ? translate('app.webhooks.header_value_kept') : undefined}
          pending={isPending}
          problems={problems}
          onSubmit={submit}
          onClose={close}
        />
      )}
    </span>
  );
}
