import { vi } from 'vitest';
import { HttpError, RecordContextProvider } from 'react-admin';
import { DownlinksPanel } from '../../../../admin/devices/downlinks/DownlinksPanel';
import { fieldErrorMessage } from '../../../../admin/providers/serverMessages';
import type { Language } from '../../../../admin/providers/i18nProvider';
import type { NetworkStatus, QueuedDownlink } from '../../../../admin/types/api';
import { renderInAdmin } from '../../helpers';

export const chirpstack = async (): Promise<NetworkStatus> => ({ mode: 'chirpstack', pending: 0, failed: 0 });
export const standalone = async (): Promise<NetworkStatus> => ({ mode: 'standalone', pending: 0, failed: 0 });
export const never = (): Promise<never> => new Promise(() => undefined);

/** Queue items as the API sends them: one sent and awaiting its acknowledgement, one waiting. */
export const queued: QueuedDownlink[] = [
  { id: 'q1', f_port: 10, confirmed: true, data_hex: '01A4FF', f_cnt_down: 7, is_pending: true },
  { id: 'q2', f_port: 2, confirmed: false, data_hex: '02', f_cnt_down: null, is_pending: false },
];

/** The errors the data provider rejects with (providers/dataProvider.ts `call`), by the API's code. */
export const failures = {
  codec: (message: string) =>
    new HttpError('app.errors.validation', 400, {
      code: 'validation',
      errors: { payload: fieldErrorMessage({ code: 'codec_failed', params: { kind: 'reported', message } }) },
    }),
  payloadInvalid: () =>
    new HttpError('app.errors.validation', 400, { code: 'validation', errors: { payload: fieldErrorMessage({ code: 'payload_invalid' }) } }),
  unavailable: () => new HttpError('app.errors.general', 503, { code: 'networkServerUnavailable', errors: {} }),
  required: () => new HttpError('app.errors.validation', 409, { code: 'networkServerRequired', errors: {} }),
};

export interface PanelProvider {
  networkStatus?: () => Promise<NetworkStatus>;
  downlinkQueue?: () => Promise<QueuedDownlink[]>;
  sendDownlink?: (...args: unknown[]) => Promise<unknown>;
  flushDownlinkQueue?: () => Promise<void>;
}

/** The panel on the record of device d1, with ChirpStack linked and an empty queue unless told otherwise. */
export function renderPanel(provider: PanelProvider = {}, locale?: Language) {
  const dataProvider = {
    networkStatus: vi.fn(provider.networkStatus ?? chirpstack),
    downlinkQueue: vi.fn(provider.downlinkQueue ?? (async () => [])),
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
