import { useState } from 'react';
import { Button } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { Webhook } from '../types/api';
import { Permitted } from '../common/Permitted';

/** Replaces a webhook's signing secret after confirmation; receivers must switch to the new one. */
export function RotateSecretButton({ onRotated }: { onRotated: (secret: string) => void }) {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const rotate = useMutation({
    mutationFn: (id: string) => dataProvider.rotateWebhookSecret(id),
    onSuccess: (rotated) => onRotated(rotated.secret),
    onError: notifyFailure,
    onSettled: () => setOpen(false),
  });
  if (!record) return null;

  // Inside a row that expands on click: neither the button nor its dialog may toggle it.
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Permitted action="POST /webhook/:id/rotate-secret">
        <Button size="small" startIcon={<AutorenewIcon />} onClick={() => setOpen(true)}>
          {translate('app.webhooks.rotate')}
        </Button>
      </Permitted>
      <Confirm
        isOpen={open}
        loading={rotate.isPending}
        title={translate('app.webhooks.rotate_title', { url: record.url })}
        content={translate('app.webhooks.rotate_content')}
        onConfirm={() => rotate.mutate(record.id)}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}
