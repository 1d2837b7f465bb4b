import { Link as RouterLink } from 'react-router-dom';
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, useMediaQuery, type Theme } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import { dataRate, megahertz, rssiSnr } from '../../common/radio';
import { useFormatters } from '../../common/format';
import { Section } from '../../common/Section';
import { useRecordLiveQuery } from '../../common/useLiveQuery';

const FRAMES_SHOWN = 50;

/** The newest uplinks the gateway received, with this gateway's RSSI and SNR; a phone leaves out data rate and frequency. */
export function GatewayFrames() {
  const translate = useTranslate();
  const format = useFormatters();
  const createPath = useCreatePath();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const frames = useRecordLiveQuery('gatewayFrames', (dataProvider, id) => dataProvider.gatewayFrames(id, FRAMES_SHOWN));
  const results = frames.data ?? [];
  return (
    <Section
      title={translate('app.operations.gateway.frames_title')}
      load={{ isPending: frames.isPending, isError: frames.isError }}
      isEmpty={results.length === 0}
      emptyText={translate('app.operations.gateway.frames_empty')}
      errorText={translate('app.operations.gateway.frames_error')}
    >
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('app.operations.gateway.frames_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.operations.time')}</TableCell>
              <TableCell>{translate('app.operations.gateway.device')}</TableCell>
              <TableCell>{translate('app.operations.frames.f_cnt')}</TableCell>
              <TableCell>{translate('app.operations.frames.rssi')}</TableCell>
              {!phone && <TableCell>{translate('app.operations.frames.data_rate')}</TableCell>}
              {!phone && <TableCell>{translate('app.operations.frames.frequency')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {results.map((frame) => (
              <TableRow key={`${frame.device_id}-${frame.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(frame.received_at)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={createPath({ resource: 'devices', id: frame.device_id, type: 'show' })}>
                    {frame.device_name || frame.dev_eui}
                  </Link>
                </TableCell>
                <TableCell>{frame.f_cnt ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{rssiSnr(translate, frame.reception.rssi, frame.reception.snr)}</TableCell>
                {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{dataRate(translate, frame.dr, frame.spreading_factor)}</TableCell>}
                {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{megahertz(translate, frame.frequency)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
