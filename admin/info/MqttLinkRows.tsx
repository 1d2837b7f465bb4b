import { Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MqttLinkStatus } from '../types/api';
import { syncTime } from '../network/syncText';

const COLOUR = { connected: 'success', connecting: 'default', reconnecting: 'warning', stopped: 'default' } as const;

/**
 * The Info page's rows for the MQTT link of the server that answered (issue #14): its state since
 * when, and the last problem in the reader's language (kept after recovery, so a flapping link shows).
 */
export function MqttLinkRows({ link }: { link: MqttLinkStatus }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();

  return (
    <>
      <TableRow>
        <TableCell component="th">{translate('app.network.info.mqtt')}</TableCell>
        <TableCell data-testid="mqtt-link">
          <Chip size="small" color={COLOUR[link.state]} label={translate(`app.network.info.mqtt_states.${link.state}`)} />{' '}
          {translate('app.network.info.mqtt_since', { time: syncTime(link.since, locale) })}
          <Typography variant="body2" color="text.secondary">
            {translate('app.network.info.mqtt_help')}
          </Typography>
        </TableCell>
      </TableRow>
      {link.error_code && (
        <TableRow>
          <TableCell component="th">{translate('app.network.info.mqtt_last_error')}</TableCell>
          <TableCell data-testid="mqtt-error">
            {translate(`app.server.mqtt.${link.error_code}`, { _: translate('app.errors.general') })}
            {link.error_at && (
              <Typography variant="body2" color="text.secondary">
                {translate('app.network.info.mqtt_error_at', { time: syncTime(link.error_at, locale) })}
              </Typography>
            )}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
