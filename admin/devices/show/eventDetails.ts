import type { TranslateFunction as Translate } from 'react-admin';
import type { DeviceEventItem } from '../../types/api';

type Fields = Record<string, unknown>;
const fields = (payload: unknown): Fields => (payload && typeof payload === 'object' ? (payload as Fields) : {});
const text = (value: unknown): string => (value === undefined || value === null ? '—' : String(value));

/**
 * One line about an event in the reader's language, built from what the event carried. A log's
 * description and a codec's error are the network server's and the codec's own words, shown as
 * they came (the server's summary holds the codec's message).
 */
export function eventDetails(event: DeviceEventItem, translate: Translate): string {
  const p = fields(event.payload);
  switch (event.type) {
    case 'up':
      return translate('app.operations.events.detail.up', { f_port: text(p.fPort), f_cnt: text(p.fCnt) });
    case 'join':
      return translate('app.operations.events.detail.join', { dev_addr: text(p.devAddr) });
    case 'ack':
      return translate(`app.operations.events.detail.${p.acknowledged === true ? 'ack_yes' : 'ack_no'}`, { f_cnt: text(p.fCntDown) });
    case 'txack':
      return translate('app.operations.events.detail.txack', { gateway: text(p.gatewayId), f_cnt: text(p.fCntDown) });
    case 'log':
      return text(p.description);
    case 'status':
      if (p.externalPowerSource === true) return translate('app.power.external');
      return typeof p.batteryLevel === 'number' && p.batteryLevelUnavailable !== true
        ? translate('app.power.battery', { level: Math.round(p.batteryLevel) })
        : translate('app.power.unknown');
    case 'location': {
      const place = fields(p.location);
      return translate('app.operations.events.detail.location', { latitude: text(place.latitude ?? 0), longitude: text(place.longitude ?? 0) });
    }
    case 'integration':
      return translate('app.operations.events.detail.integration', { name: text(p.integrationName), event: text(p.eventType) });
    case 'error':
      return event.summary;
  }
}
