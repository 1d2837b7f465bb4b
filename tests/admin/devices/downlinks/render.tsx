import { vi } from 'vitest';
import { HttpError, RecordContextProvider } from 'react-admin';
import { DownlinksPanel } from '../../../../admin/devices/downlinks/DownlinksPanel';
import { fieldErrorMessage } from '../../../../admin/providers/serverMessages';
import type { Language } from '../../../../admin/providers/i18nProvider';
import type { Downlink, DownlinkCreated, NetworkStatus } from '../../../../admin/types/api';
import { renderInAdmin } from '../../helpers';

export const chirpstack = async (): Promise<NetworkStatus> => ({ mode: 'chirpstack', pending: 0, failed: 0 });
export const standalone = async (): Promise<NetworkStatus> => ({ mode: 'standalone', pending: 0, failed: 0 });
export const never = (): Promise<never> => new Promise(() => undefined);

const AT = '2026-11-23T08:15:30.000Z';

/** A downlink as the API lists it. */
export const downlink = (fields: Partial<Downlink>): Downlink => ({
  id: 'l1',
  f_port: 1,
  confirmed: false,
  data_hex: '01',
  state: 'pending',
  queue_item_id: null,
  f_cnt_down: null,
  error_code: null,
  error_message: null,
  created_at: AT,
  updated_at: AT,
  ...fields,
});

/** Downlinks as the API lists them, newest first: one acknowledged, one refused, one waiting for the network server. */
export const listed: Downlink[] = [
  downlink({ id: 'l3', f_port: 10, confirmed: true, data_hex: '01A4FF', state: 'acknowledged', queue_item_id: 'q3', f_cnt_down: 7 }),
  downlink({ id: 'l2', f_port: 2, data_hex: '02', state: 'failed', error_code: 'not_found', error_message: 'Object does not exist (id: 70b3d57ed0001234)' }),
  downlink({ id: 'l1', f_port: 3, data_hex: '03', state: 'pending', error_code: 'unavailable', error_message: 'connection refused' }),
];

/** The answer to sending: recorded, pending. */
export const created = (fields: Partial<DownlinkCreated> = {}): DownlinkCreated => ({ ...downlink({ id: 'new' }), warnings: [], ...fields });

/** The errors the data provider rejects with (providers/dataProvider.ts `call`), by the API's code. */
export const failures = {
  codec: (message: string) =>
    new HttpError('app.errors.validation', 400, {
      code: 'validation',
      errors: { payload: fieldErrorMessage({ code: 'codec_failed', params: { kind: 'reported', message } }) },
    }),
  payloadInvalid: () =>
    new HttpError('app.errors.validation', 400, { code: 'validation', errors: { payload: fieldErrorMessage({ code: 'payload_invalid' }) } }),
  offline: () => new HttpError('app.errors.networkError', 0),
  codecBusy: () => new HttpError('app.errors.codecBusy', 429, { code: 'codecBusy', errors: {} }),
  required: () => new HttpError('app.errors.validation', 409, { code: 'networkServerRequired', errors: {} }),
};

export interface PanelProvider {
  networkStatus?: () => Promise<NetworkStatus>;
  downlinks?: () => Promise<Downlink[]>;
  sendDownlink?: (...args: unknown[]) => Promise<unknown>;
  flushDownlinkQueue?: () => Promise<void>;
}

/** The panel on the record of device d1, with ChirpStack linked and no downlinks unless told otherwise. */
export function renderPanel(provider: PanelProvider = {}, locale?: Language) {
  const dataProvider = {
    networkStatus: vi.fn(provider.networkStatus ?? chirpstack),
    downlinks: vi.fn(provider.downlinks ?? (async () => [])),
    sendDownlink: vi.fn(provider.sendDownlink ?? never),
    flushDownlinkQueue: vi.fn(provider.flushDownlinkQueue ?? (async () => undefined)),
  };
  renderInAdmin(
    <RecordContextProvider value={{ id: 'd1', name: 'Thermostat' }}>
      <DownlinksPanel />
    </RecordContextProvider>,
    { dataProvider, locale },
  );
  return dataProvider;
}
