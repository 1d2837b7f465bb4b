import type { Identifier } from 'react-admin';
import type { BatteryReading, DeviceEventItem, DeviceEventsQuery, Frame, GatewayFrame, HeardDevice, SeriesPoint, TopicSeries } from '../types/api';
import { apiDownload, apiRequest, type Download } from './http';

interface Page<T> {
  count: number;
  results: T[];
}

/** Which of a device's events to read: one page of a period, optionally of one type or log level, or containing a text. */
export interface EventsFilter {
  type?: DeviceEventsQuery['type'];
  level?: DeviceEventsQuery['level'];
  /** Text the event's summary or data contains; blank: every event. */
  q?: string;
  /** The period: the last this many days, counted when the request goes out (a live read moves with the clock). */
  days: number;
  page: number;
  perPage: number;
}

const DAY_MS = 86_400_000;

/** The reads of the device and gateway pages (issue #14), added to the data provider. */
export interface OperationsApi {
  /** The device's newest uplinks with each gateway's reception. */
  deviceFrames(id: Identifier, perPage: number): Promise<Page<Frame>>;
  /** The device's events of a period, newest first (uplinks, joins, status, the network server's logs, …). */
  deviceEvents(id: Identifier, filter: EventsFilter): Promise<Page<DeviceEventItem>>;
  /** A topic's newest numeric samples, oldest first. */
  topicSeries(id: Identifier, topic: string): Promise<SeriesPoint[]>;
  /** The device's samples of a period as a CSV file (GET /device/:id/topics/export), named by the server. */
  exportDeviceSeries(id: Identifier, period: { from: string; to: string }): Promise<Download>;
  /** A table widget's rows as a CSV file (GET /widget/:id/export), named by the server. */
  exportWidgetTable(id: Identifier): Promise<Download>;
  /** What the device's status reports said about its supply, oldest first. */
  batteryHistory(id: Identifier): Promise<BatteryReading[]>;
  /** The devices the gateway heard within the last day, the most recent first. */
  gatewayDevices(id: Identifier): Promise<HeardDevice[]>;
  /** The gateway's newest receptions of the caller's devices' uplinks. */
  gatewayFrames(id: Identifier, limit: number): Promise<GatewayFrame[]>;
}

/** How the data provider turns an API error into react-admin's (its `call`). */
type Call = <T>(run: () => Promise<T>) => Promise<T>;

const devicePath = (id: Identifier, rest: string) => `/device/${encodeURIComponent(String(id))}/${rest}`;
const gatewayPath = (id: Identifier, rest: string) => `/gateway/${encodeURIComponent(String(id))}/${rest}`;

/** How many samples a topic's small chart shows. */
export const TOPIC_CHART_POINTS = 50;

export function operationsApi(call: Call): OperationsApi {
  return {
    deviceFrames: (id, perPage) => call(() => apiRequest<Page<Frame>>(devicePath(id, 'frames'), { query: { page_size: perPage } })),
    deviceEvents: (id, { type, level, q, days, page, perPage }) =>
      call(() =>
        apiRequest<Page<DeviceEventItem>>(devicePath(id, 'events'), {
          query: { type, level, q: q || undefined, from: new Date(Date.now() - days * DAY_MS).toISOString(), page, page_size: perPage },
        }),
      ),
    topicSeries: (id, topic) =>
      call(async () => (await apiRequest<TopicSeries>(devicePath(id, 'topics/series'), { query: { topic, limit: TOPIC_CHART_POINTS } })).points),
    exportDeviceSeries: (id, period) => call(() => apiDownload(devicePath(id, 'topics/export'), { query: period }, 'device-data.csv')),
    exportWidgetTable: (id) => call(() => apiDownload(`/widget/${encodeURIComponent(String(id))}/export`, {}, 'widget.csv')),
    batteryHistory: (id) => call(async () => (await apiRequest<{ results: BatteryReading[] }>(devicePath(id, 'battery'))).results),
    gatewayDevices: (id) => call(async () => (await apiRequest<{ results: HeardDevice[] }>(gatewayPath(id, 'devices'))).results),
    gatewayFrames: (id, limit) => call(async () => (await apiRequest<{ results: GatewayFrame[] }>(gatewayPath(id, 'frames'), { query: { limit } })).results),
  };
}
