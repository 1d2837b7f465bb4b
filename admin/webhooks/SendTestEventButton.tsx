import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { Webhook } from '../types/api';
import { Permitted } from '../common/Permitted';

/** Queues a test delivery to the webhook; it shows among the row's deliveries once sent. */
export function SendTestEventButton() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const send = useMutation({
    mutationFn: (id: string) => dataProvider.sendWebhookTestEvent(id),
    onSuccess: (_delivery, id) => {
      notify('app.webhooks.test_queued', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: ['webhooks', 'deliveries', id] });
    },
    onError: notifyFailure,
  });
  if (!record) return null;
  return (
    // Inside a row that expands on click: sending must not toggle it.
    <span onClick={(event) => event.stopPropagation()}>
      <Permitted action="POST /webhook/:id/test">
        <Button size="small" startIcon={<SendIcon />} disabled={send.isPending} onClick={() => send.mutate(record.id)}>
          {translate('app.webhooks.send_test')}
        </Button>
      </Permitted>
    </span>
  );
}
