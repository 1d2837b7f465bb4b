import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dataRate, megahertz, rssiSnr } from '../../common/radio';
import { useFormatters } from '../../common/format';
import type { Frame } from '../../types/api';

/**
 * The frames, newest first, each with every gateway that received it (strongest first). On a phone
 * the table keeps time, counter and receptions and scrolls sideways; port, data rate and frequency
 * are left out.
 */
export function FramesTable({ frames }: { frames: Frame[] }) {
  const translate = useTranslate();
  const format = useFormatters();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <TableContainer sx={{ mt: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.operations.frames.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.operations.time')}</TableCell>
            <TableCell>{translate('app.operations.frames.f_cnt')}</TableCell>
            {!phone && <TableCell>{translate('app.operations.frames.f_port')}</TableCell>}
            {!phone && <TableCell>{translate('app.operations.frames.data_rate')}</TableCell>}
            {!phone && <TableCell>{translate('app.operations.frames.frequency')}</TableCell>}
            <TableCell>{translate('app.operations.frames.gateways')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {frames.map((frame) => (
            <TableRow key={frame.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(frame.received_at)}</TableCell>
              <TableCell>{frame.f_cnt ?? '—'}</TableCell>
              {!phone && <TableCell>{frame.f_port ?? '—'}</TableCell>}
              {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{dataRate(translate, frame.dr, frame.spreading_factor)}</TableCell>}
              {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{megahertz(translate, frame.frequency)}</TableCell>}
              <TableCell>
                {frame.receptions.map((rx) => (
                  <Box key={rx.gateway_id} sx={{ whiteSpace: 'nowrap' }}>
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {rx.gateway_id}
                    </Box>
                    {`: ${rssiSnr(translate, rx.rssi, rx.snr)}`}
                  </Box>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
