import { Link as RouterLink } from 'react-router-dom';
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, useMediaQuery, type Theme } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import { rssiSnr } from '../../common/radio';
import { useFormatters } from '../../common/format';
import { Section } from '../../common/Section';
import { useRecordLiveQuery } from '../../common/useLiveQuery';

/** The devices the gateway heard in the last day, each linking to its device page; a phone leaves out the best figures and the count. */
export function HeardDevices() {
  const translate = useTranslate();
  const format = useFormatters();
  const createPath = useCreatePath();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const heard = useRecordLiveQuery('gatewayDevices', (dataProvider, id) => dataProvider.gatewayDevices(id));
  const devices = heard.data ?? [];
  return (
    <Section
      title={translate('app.operations.gateway.heard_title')}
      load={{ isPending: heard.isPending, isError: heard.isError }}
      isEmpty={devices.length === 0}
      emptyText={translate('app.operations.gateway.heard_empty')}
      errorText={translate('app.operations.gateway.heard_error')}
    >
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('app.operations.gateway.heard_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.operations.gateway.device')}</TableCell>
              <TableCell>{translate('app.operations.gateway.last_heard')}</TableCell>
              <TableCell>{translate('app.operations.gateway.last')}</TableCell>
              {!phone && <TableCell>{translate('app.operations.gateway.best')}</TableCell>}
              {!phone && <TableCell>{translate('app.operations.gateway.frames')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {devices.map((device) => (
              <TableRow key={device.device_id}>
                <TableCell>
                  <Link component={RouterLink} to={createPath({ resource: 'devices', id: device.device_id, type: 'show' })}>
                    {device.device_name || device.dev_eui}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(device.last_heard)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{rssiSnr(translate, device.last_rssi, device.last_snr)}</TableCell>
                {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{rssiSnr(translate, device.best_rssi, device.best_snr)}</TableCell>}
                {!phone && <TableCell>{device.frames}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
