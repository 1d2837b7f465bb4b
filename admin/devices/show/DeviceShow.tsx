import { Box, LinearProgress, Stack } from '@mui/material';
import { EditButton, Show, TopToolbar } from 'react-admin';
import { useLiveFallbackInterval } from '../../layout/LiveUpdates';
import { PermittedForResource } from '../../common/Permitted';
import { SyncStatusPanel } from '../../network/SyncStatusPanel';
import { TopicsPanel } from '../TopicsPanel';
import { DownlinksPanel } from '../downlinks/DownlinksPanel';
import { BatterySection } from './BatterySection';
import { DeviceHeader } from './DeviceHeader';
import { EventsSection } from './EventsSection';
import { FramesSection } from './FramesSection';
import { TopicCharts } from './TopicCharts';

/**
 * The device page an operator debugs with (issue #14), reached from the device list; the Edit
 * button of its toolbar leads to the form. Everything on it follows the tab's live stream
 * (layout/LiveUpdates.tsx): the device (last seen, power, network-server sync state), its topics,
 * frames, events and battery history are read again when the device is heard. Downlinks are sent from here, not from the edit form, which is for the device's settings.
 */
export function DeviceShow() {
  const fallback = useLiveFallbackInterval();
  return (
    <Show
      component="div"
      actions={
        <TopToolbar>
          <PermittedForResource kind="edit">
            <EditButton />
          </PermittedForResource>
        </TopToolbar>
      }
      loading={<LinearProgress />}
      queryOptions={{ refetchInterval: fallback }}
    >
      <Stack spacing={2} sx={{ py: 1, minWidth: 0 }}>
        <DeviceHeader />
        <SyncStatusPanel kind="device" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(320px, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
          <Box sx={{ minWidth: 0, '& > .MuiCard-root': { ml: 0, mt: 0, minWidth: 0, overflowX: 'auto' } }}>
            <TopicsPanel />
          </Box>
          <TopicCharts />
        </Box>
        <FramesSection />
        <EventsSection />
        <BatterySection />
        <Box sx={{ '& > section': { m: 0 } }}>
          <DownlinksPanel />
        </Box>
      </Stack>
    </Show>
  );
}
