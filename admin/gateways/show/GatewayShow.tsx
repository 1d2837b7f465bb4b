import { Box, LinearProgress, Stack } from '@mui/material';
import { BooleanField, Show, useRecordContext, useTranslate } from 'react-admin';
import { DateField, TimestampOrNever } from '../../common/fields';
import { ShowHeader } from '../../common/ShowHeader';
import { SyncStatusPanel } from '../../network/SyncStatusPanel';
import { useLiveFallbackInterval } from '../../layout/LiveUpdates';
import type { Gateway } from '../../types/api';
import { GatewayFrames } from './GatewayFrames';
import { HeardDevices } from './HeardDevices';

function GatewayHeader() {
  const record = useRecordContext<Gateway>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ShowHeader
      title={record.name || record.gateway_id}
      facts={[
        [translate('resources.gateways.fields.gateway_id'), <Box sx={{ fontFamily: 'monospace' }}>{record.gateway_id}</Box>],
        [translate('resources.gateways.fields.connected'), <BooleanField source="connected" />],
        [translate('resources.gateways.fields.last_seen'), <TimestampOrNever source="last_seen" />],
        [translate('resources.gateways.fields.cert_expires_at'), record.cert_expires_at ? <DateField source="cert_expires_at" /> : '—'],
      ]}
    />
  );
}

/** A gateway's page (issue #14): its details and network-server sync state, the devices it heard lately with their signal, its recent frames. */
export function GatewayShow() {
  const fallback = useLiveFallbackInterval();
  return (
    <Show component="div" actions={false} loading={<LinearProgress />} queryOptions={{ refetchInterval: fallback }}>
      <Stack spacing={2} sx={{ py: 1, minWidth: 0 }}>
        <GatewayHeader />
        <SyncStatusPanel kind="gateway" />
        <HeardDevices />
        <GatewayFrames />
      </Stack>
    </Show>
  );
}
