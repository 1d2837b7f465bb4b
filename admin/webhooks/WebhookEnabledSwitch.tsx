import { Switch, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { Webhook } from '../types/api';

/** Pauses or resumes a webhook in its row: a paused one queues nothing until it is switched on again. */
export function WebhookEnabledSwitch() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const [update, { isPending }] = useUpdate<Webhook>();
  if (!record) return null;
  const label = translate(record.enabled ? 'app.webhooks.disable' : 'app.webhooks.enable', { url: record.url });
  return (
    // Inside a row that expands on click: switching must not toggle it.
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={label}>
        <Switch
          checked={record.enabled}
          disabled={isPending}
          slotProps={{ input: { 'aria-label': label } }}
          onChange={(_event, enabled) =>
            update('webhooks', { id: record.id, data: { enabled }, previousData: record }, { mutationMode: 'pessimistic', onError: notifyFailure })
          }
        />
      </Tooltip>
    </span>
  );
}
