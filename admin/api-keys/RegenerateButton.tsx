import { useState } from 'react';
import { Button } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';

/** Regenerates a key after confirmation; the old key stops working at once (spec §4). */
export function RegenerateButton({ onRegenerated }: { onRegenerated: (secret: string) => void }) {
  const record = useRecordContext<{ id: string; name: string }>();
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const regenerate = useMutation({
    mutationFn: (id: string) => dataProvider.regenerateApiKey(id),
    onSuccess: (regenerated) => {
      onRegenerated(regenerated.key);
      refresh();
    },
    onError: notifyFailure,
    onSettled: () => setOpen(false),
  });
  if (!record) return null;

  return (
    <>
      <Button size="small" startIcon={<AutorenewIcon />} onClick={() => setOpen(true)}>
        {translate('app.api_keys.regenerate')}
      </Button>
      <Confirm
        isOpen={open}
        loading={regenerate.isPending}
        title={translate('app.api_keys.regenerate_title', { name: record.name })}
        content={translate('app.api_keys.regenerate_content')}
        onConfirm={() => regenerate.mutate(record.id)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
