import { Box, Chip, Typography, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Downlink, DownlinkState } from '../../types/api';

const COLOURS: Record<DownlinkState, ChipProps['color']> = {
  pending: 'default',
  queued: 'info',
  sent: 'info',
  acknowledged: 'success',
  not_acknowledged: 'warning',
  failed: 'error',
  cancelled: 'default',
};

/**
 * Where a downlink stands, in the reader's language, with the reason when it failed or why its
 * last attempt did not reach the network server (the network server's own words as the tooltip).
 */
export function DownlinkStatus({ downlink }: { downlink: Downlink }) {
  const translate = useTranslate();
  return (
    <Box>
      <Chip size="small" color={COLOURS[downlink.state]} label={translate(`app.devices.downlinks.states.${downlink.state}`)} />
      {downlink.error_code && (downlink.state === 'failed' || downlink.state === 'pending') && (
        <Typography
          variant="caption"
          component="p"
          color={downlink.state === 'failed' ? 'error' : 'text.secondary'}
          title={downlink.error_message ?? undefined}
        >
          {translate(`app.server.downlink.${downlink.error_code}`)}
        </Typography>
      )}
    </Box>
  );
}
