import { useId } from 'react';
import { Alert, AlertTitle, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useRecordContext, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { SyncKind } from '../types/api';
import { useNotifyFailure } from '../common/useNotifyFailure';
import { syncReason, syncTime, type WithSyncStatus } from './syncText';
import { Permitted } from '../common/Permitted';

const SEVERITY = { synced: 'success', pending: 'info', failed: 'error' } as const;

/**
 * Where the record stands in the network server, for edit and detail pages: the state and since
 * when, why the last attempt failed (translated) and the network server's own words (English,
 * as it wrote them), and "Retry now" while a change waits or failed. Renders nothing without a
 * sync state (standalone mode).
 */
export function SyncStatusPanel({ kind }: { kind: SyncKind }) {
  const record = useRecordContext<WithSyncStatus>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const titleId = useId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const notifyFailure = useNotifyFailure();
  const retry = useMutation({
    mutationFn: (id: Identifier) => dataProvider.retryNetworkSync(kind, id),
    // The record is read again to show it pending.
    onSuccess: () => refresh(),
    onError: notifyFailure,
  });
  const status = record?.network_sync;
  if (!record || !status) return null;
  const state = translate(`app.network.states.${status.state}`);

  return (
    <Alert
      role="region"
      aria-labelledby={titleId}
      severity={SEVERITY[status.state]}
      variant="outlined"
      sx={{ m: 2 }}
      action={
        status.state !== 'synced' && (
          <Permitted action="POST /network/sync/:kind/:id/retry">
            <Button color="inherit" size="small" disabled={retry.isPending} onClick={() => retry.mutate(record.id)}>
              {translate('app.network.retry')}
            </Button>
          </Permitted>
        )
      }
    >
      <AlertTitle id={titleId}>{translate('app.network.chip_label', { state })}</AlertTitle>
      <Typography variant="body2">{translate('app.network.since', { time: syncTime(status.updated_at, locale) })}</Typography>
      <Typography variant="body2">
        {status.error_code ? syncReason(translate, status.error_code) : translate(`app.network.state_help.${status.state}`)}
      </Typography>
      {status.error_message && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {translate('app.network.server_says', { message: status.error_message })}
        </Typography>
      )}
    </Alert>
  );
}
