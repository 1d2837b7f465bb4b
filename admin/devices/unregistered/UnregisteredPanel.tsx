import { Accordion, AccordionDetails, AccordionSummary, Alert, Button, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useDataProvider, useTranslate } from 'react-admin';
import { useApiQuery } from '../../common/useApiQuery';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useCompanyState } from '../../stores/hooks';
import { HeardTable } from './HeardTable';

const T = 'app.devices.unregistered';

/**
 * "Heard, not registered" above the device list (issue #14): DevEUIs the network server sent events
 * for that no device has. It sits where devices are added, and only when there is something to add,
 * so a standalone installation or a complete fleet never sees it; folded, it keeps the list in view.
 * The list is read on every visit, so a device registered from it is gone when the form returns here.
 */
export function UnregisteredPanel() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedCompanyId } = useCompanyState();
  const query = useApiQuery({
    queryKey: ['unregisteredDevices', selectedCompanyId],
    queryFn: () => dataProvider.unregisteredDevices(),
    enabled: Boolean(selectedCompanyId),
  });

  if (query.isError) {
    // Only the helper failed, not the device list below: said quietly, with a retry.
    return (
      <Alert
        severity="warning"
        sx={{ mt: 1 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {translate('app.common.retry')}
          </Button>
        }
      >
        {translate(`${T}.load_failed`)}
      </Alert>
    );
  }
  const heard = query.data ?? [];
  if (heard.length === 0) return null;

  return (
    <Accordion sx={{ mt: 1 }} disableGutters slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="unregistered-devices" id="unregistered-devices-title">
        <Typography component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
          <Typography component="span" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {translate(`${T}.title`)}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {translate(`${T}.summary`, { smart_count: heard.length })}
          </Typography>
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="unregistered-devices" sx={{ px: { xs: 0, sm: 2 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 0 }, mb: 1 }}>
          {translate(`${T}.help`)}
        </Typography>
        <HeardTable heard={heard} />
      </AccordionDetails>
    </Accordion>
  );
}
