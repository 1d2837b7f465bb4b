import type { UnregisteredDevice } from '../../types/api';

type Translate = (key: string, options?: object) => string;

const T = 'app.devices.unregistered';

/** What the device form starts with: what the network server told about the device; AppKey and profile stay for the user. */
export function prefill(heard: UnregisteredDevice): { dev_eui: string; join_eui?: string; name?: string } {
  return {
    dev_eui: heard.dev_eui,
    ...(heard.join_eui ? { join_eui: heard.join_eui } : {}),
    ...(heard.device_name ? { name: heard.device_name } : {}),
  };
}

/** The newest event's type in the reader's language; a type this console does not know yet reads as sent. */
export const eventText = (translate: Translate, event: string): string => translate(`${T}.events.${event}`, { _: event });

/** The strongest reception of the newest uplink, or a dash for events without one (join, log, status …). */
export function signalText(translate: Translate, locale: string, heard: UnregisteredDevice): string {
  if (heard.last_rssi === null && heard.last_snr === null) return '—';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const value = (n: number | null) => (n === null ? '?' : number.format(n));
  return translate(`${T}.signal_value`, { rssi: value(heard.last_rssi), snr: value(heard.last_snr) });
}

/** When the device was last heard, in the reader's own date format (as the lists write timestamps). */
export const heardTime = (at: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
