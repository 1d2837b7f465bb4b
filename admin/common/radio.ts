import type { TranslateFunction as Translate } from 'react-admin';

/** Signal figures as the tables write them: RSSI in dBm, SNR in dB, a dash for what is unknown. */
export function rssiSnr(translate: Translate, rssi: number | null, snr: number | null): string {
  return translate('app.operations.rssi_snr', { rssi: rssi ?? '—', snr: snr ?? '—' });
}

/** A frequency in Hz as MHz with the digits a channel plan needs (867.1 MHz). */
export function megahertz(translate: Translate, hz: number | null): string {
  return hz === null ? '—' : translate('app.operations.frames.frequency_mhz', { mhz: (hz / 1e6).toFixed(1) });
}

/** The data rate, with the spreading factor where it is LoRa. */
export function dataRate(translate: Translate, dr: number | null, sf: number | null): string {
  if (dr === null) return '—';
  return sf === null ? `DR${dr}` : translate('app.operations.frames.dr_sf', { dr, sf });
}
