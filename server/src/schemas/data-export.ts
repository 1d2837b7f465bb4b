import { Type, type Static } from 'typebox';
import { Timestamp } from './common.js';

/** The period of a time-series export unless the query names one: the week before `to`. */
export const DEFAULT_SERIES_EXPORT_DAYS = 7;
/** The longest period one export may cover: a year and a day, the longest retention a plan keeps but one. */
export const MAX_SERIES_EXPORT_DAYS = 366;

export const DeviceSeriesExportQuery = Type.Object(
  {
    /** The period: `to` defaults to now, `from` to DEFAULT_SERIES_EXPORT_DAYS before `to`; at most MAX_SERIES_EXPORT_DAYS long. */
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    /** Only this topic's samples; every topic's when left out. */
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type DeviceSeriesExportQuery = Static<typeof DeviceSeriesExportQuery>;

/** The columns of a device's time series export, in order. */
export const SERIES_EXPORT_COLUMNS = ['topic', 'timestamp', 'value'] as const;
/** The columns of a table widget's export, in order: the rows the widget shows. */
export const TABLE_EXPORT_COLUMNS = ['device', 'dev_eui', 'topic', 'value', 'timestamp'] as const;

const csv = (description: string) => ({ description, content: { 'text/csv': { schema: Type.String() } } });

export const DeviceSeriesExportResponse = csv('CSV (RFC 4180), UTF-8: one sample a line after the header (topic, timestamp, value), by topic then time.');
export const WidgetTableExportResponse = csv(
  "CSV (RFC 4180), UTF-8: the table widget's rows, each device's latest value of a topic (device, dev_eui, topic, value, timestamp).",
);
