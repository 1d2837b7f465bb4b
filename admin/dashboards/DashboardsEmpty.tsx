import { Box, Button, Typography } from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { Dashboard, Device } from '../types/api';
import { useNotifyFailure } from '../common/useNotifyFailure';
import { starterWidgets, type StarterDevice } from './starter';
import { Permitted } from '../common/Permitted';

/** Devices the starter looks at: those heard most recently. */
const STARTER_DEVICES = 5;

/**
 * A company without dashboards: a starter dashboard built from what its devices already send
 * (starter.ts); the page's own "New dashboard" makes an empty one.
 */
export function DashboardsEmpty({ onCreated }: { onCreated: (id: string) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failed = useNotifyFailure();
  const queryClient = useQueryClient();
  const starter = useMutation({
    mutationFn: async () => {
      const devices = await dataProvider.getList<Device>('devices', {
        pagination: { page: 1, perPage: STARTER_DEVICES },
        sort: { field: 'last_seen', order: 'DESC' },
        filter: {},
      });
      const sources: StarterDevice[] = await Promise.all(
        devices.data.map(async (device) => ({ device: { id: device.id, name: device.name }, topics: await dataProvider.deviceTopics(device.id) })),
      );
      const { data: dashboard } = await dataProvider.create<Dashboard>('dashboards', {
        data: { name: translate('app.dashboards.starter_name'), is_shared: true },
      });
      // One after another: the grid places each where the starter put it.
      for (const widget of starterWidgets(sources, translate('app.dashboards.starter_table'))) {
        await dataProvider.create('widgets', { data: { dashboard: dashboard.id, ...widget } });
      }
      return dashboard.id;
    },
    onSuccess: async (id) => {
      onCreated(id);
      await queryClient.invalidateQueries({ queryKey: ['dashboards'] });
    },
    // A widget that failed leaves the dashboard with those before it: it is shown, to finish by hand.
    onError: async (error) => {
      failed(error);
      await queryClient.invalidateQueries({ queryKey: ['dashboards'] });
    },
  });
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.dashboards.empty')}
      </Typography>
      <Permitted action="POST /dashboard/">
        <Button variant="contained" startIcon={<AutoAwesomeIcon />} onClick={() => starter.mutate()} disabled={starter.isPending}>
          {translate('app.dashboards.starter')}
        </Button>
      </Permitted>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {translate('app.dashboards.starter_hint')}
      </Typography>
    </Box>
  );
}
