import { HttpError } from 'react-admin';
import type { BatteryReading, DeviceEventItem, Frame, GatewayFrame, HeardDevice, SeriesPoint, TopicValue } from '../../../../admin/types/api';

/** What the device and gateway pages read, as the API answers (schemas/device-history.ts, frames.ts). */
export const device = {
  id: 'd1',
  company_id: 'c1',
  name: 'Greenhouse 3',
  dev_eui: 'A84041000181C6F1',
  join_eui: '0000000000000000',
  app_key: 'A'.repeat(32),
  config: 'p1',
  config_name: 'LHT65N',
  unit: null,
  unit_name: null,
  last_seen: '2026-11-22T08:15:42.381Z',
  power_status: 'battery',
  battery_level: 64,
  created_at: '2026-11-01T00:00:00.000Z',
};

export const topics: TopicValue[] = [
  { topic: 'temperature', last_value: 22.25, last_timestamp: '2026-11-22T08:15:42.381Z', decoded_by: 'profile_codec' },
  { topic: 'label', last_value: 'north', last_timestamp: '2026-11-22T08:15:42.381Z', decoded_by: 'network_server' },
];

export const series: SeriesPoint[] = [
  { ts: '2026-11-22T08:05:42.381Z', value: 21 },
  { ts: '2026-11-22T08:15:42.381Z', value: 22.25 },
];

const frame = (id: string, at: string, fCnt: number, receptions: Frame['receptions']): Frame => ({
  id,
  device_id: 'd1',
  received_at: at,
  f_cnt: fCnt,
  f_port: 2,
  dr: 5,
  modulation: 'LORA',
  spreading_factor: 7,
  bandwidth: 125000,
  frequency: 867300000,
  adr: true,
  confirmed: false,
  dev_addr: '01A44C4C',
  rssi: receptions[0]?.rssi ?? null,
  snr: receptions[0]?.snr ?? null,
  receptions,
});

export const frames: Frame[] = [
  frame('f2', '2026-11-22T08:15:42.381Z', 153, [
    { gateway_id: '0016C001F153A14C', rssi: -68, snr: 13.2, channel: 4 },
    { gateway_id: 'E4E124DADEF64EEE', rssi: -109, snr: -4.25, channel: 4 },
  ]),
  frame('f1', '2026-11-22T08:05:42.381Z', 152, [{ gateway_id: '0016C001F153A14C', rssi: -80, snr: 7, channel: 1 }]),
];
export const newerFrame = frame('f3', '2026-11-22T08:25:42.381Z', 154, [{ gateway_id: '0016C001F153A14C', rssi: -71, snr: 11, channel: 2 }]);

export const events: DeviceEventItem[] = [
  {
    id: 'e2',
    type: 'log',
    created_at: '2026-11-22T08:16:00.000Z',
    level: 'ERROR',
    code: 'OTAA',
    payload: { level: 'ERROR', code: 'OTAA', description: 'DevNonce has already been used', context: {} },
    summary: 'ERROR OTAA: DevNonce has already been used',
  },
  {
    id: 'e1',
    type: 'up',
    created_at: '2026-11-22T08:15:42.381Z',
    level: null,
    code: null,
    payload: { fPort: 2, fCnt: 153, data: {} },
    summary: 'Uplink on port 2, frame 153: 5 values',
  },
];

export const battery: BatteryReading[] = [
  { at: '2026-11-20T08:00:00.000Z', source: 'battery', battery_level: 91 },
  { at: '2026-11-22T08:00:00.000Z', source: 'battery', battery_level: 64 },
];

export const gateway = {
  id: 'g1',
  company_id: 'c1',
  gateway_id: '0016C001F153A14C',
  name: 'Roof',
  last_seen: '2026-11-22T08:15:00.000Z',
  connected: true,
  cert_expires_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
};

export const heard: HeardDevice[] = [
  {
    device_id: 'd1',
    dev_eui: 'A84041000181C6F1',
    device_name: 'Greenhouse 3',
    last_heard: '2026-11-22T08:15:42.381Z',
    last_rssi: -75,
    last_snr: 7.5,
    best_rssi: -68,
    best_snr: 13.2,
    frames: 12,
  },
];

export const gatewayFrames: GatewayFrame[] = [
  {
    ...frame('f2', '2026-11-22T08:15:42.381Z', 153, []),
    dev_eui: 'A84041000181C6F1',
    device_name: 'Greenhouse 3',
    reception: { gateway_id: '0016C001F153A14C', rssi: -68, snr: 13.2, channel: 4 },
  },
];

/** The four states a section is tested in: what its read answers. */
export const answers = {
  loading: () => new Promise<never>(() => undefined),
  error: () => Promise.reject(new HttpError('app.errors.networkError', 0)),
};
export const page = <T>(results: T[]) => ({ count: results.length, results });
