import { Type, type Static, type TSchema } from 'typebox';
import { Page, PageNumber, Timestamp } from './common.js';
import { INGEST_EVENTS } from './ingest.js';

// What the device page reads besides the device itself and its frames (issue #14): the device's
// event log, a topic's recent values for its small chart, the battery history, and the devices a
// gateway heard lately. Every read is bounded by its query's limit.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The types of a device's event log: ChirpStack's eight, and `error` for an uplink our codec failed on. */
export const DEVICE_EVENT_TYPES = [...INGEST_EVENTS, 'error'] as const;
/** ChirpStack's log levels (integration.proto LogLevel). */
export const LOG_LEVELS = ['INFO', 'WARNING', 'ERROR'] as const;

export const DeviceEventItem = Type.Object({
  id: Type.String(),
  type: Type.Enum(DEVICE_EVENT_TYPES),
  created_at: Timestamp,
  /** A log event's level and code (OTAA, UPLINK_MIC, …); null for the other types. */
  level: Nullable(Type.String()),
  code: Nullable(Type.String()),
  /** What the event carried (per type: port and counter of an uplink, a log's description and context, …). */
  payload: Type.Unknown(),
  /** The server's one-line description in English, for API users; the console builds its own from type and payload. */
  summary: Type.String(),
});
export type DeviceEventItem = Static<typeof DeviceEventItem>;
export const DeviceEventPage = Page(DeviceEventItem);

export const MAX_EVENTS_PAGE = 200;
/** The period a device's events are read from unless the query names one (issue #24: bounded by time). */
export const DEFAULT_EVENT_PERIOD_DAYS = 7;
/** The longest period one read may cover: the default retention (30 days) and a day's margin. */
export const MAX_EVENT_PERIOD_DAYS = 31;
export const DeviceEventsQuery = Type.Object(
  {
    page: PageNumber,
    page_size: Type.Integer({ minimum: 1, maximum: MAX_EVENTS_PAGE, default: 25 }),
    type: Type.Optional(Type.Enum(DEVICE_EVENT_TYPES)),
    /** Only log events of this level (implies type `log`). */
    level: Type.Optional(Type.Enum(LOG_LEVELS)),
    /** Only events whose summary or payload contains this text (case-insensitive); blank means all. */
    q: Type.Optional(Type.String({ maxLength: 200 })),
    /** The period: `to` defaults to now, `from` to DEFAULT_EVENT_PERIOD_DAYS before `to`; at most MAX_EVENT_PERIOD_DAYS long. */
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type DeviceEventsQuery = Static<typeof DeviceEventsQuery>;

export const MAX_RECENT_POINTS = 1000;
export const TopicSeriesQuery = Type.Object(
  {
    topic: Type.String({ minLength: 1, maxLength: 200 }),
    /** How many of the newest samples. */
    limit: Type.Integer({ minimum: 1, maximum: MAX_RECENT_POINTS, default: 100 }),
  },
  { additionalProperties: false },
);
export type TopicSeriesQuery = Static<typeof TopicSeriesQuery>;

export const SeriesPoint = Type.Object({ ts: Timestamp, value: Type.Number() });
export type SeriesPoint = Static<typeof SeriesPoint>;
/** The topic's newest samples that are numbers, oldest first (others cannot be plotted and are left out). */
export const TopicSeriesResponse = Type.Object({ topic: Type.String(), points: Type.Array(SeriesPoint) });
export type TopicSeries = Static<typeof TopicSeriesResponse>;

export const BatteryHistoryQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: MAX_RECENT_POINTS, default: 200 }) },
  { additionalProperties: false },
);

/** One status report (DevStatusAns): the supply and, on battery, the level in percent. */
export const BatteryReading = Type.Object({
  at: Timestamp,
  source: Type.Union([Type.Literal('external'), Type.Literal('battery'), Type.Literal('unknown')]),
  battery_level: Nullable(Type.Integer()),
});
export type BatteryReading = Static<typeof BatteryReading>;
/** The newest status reports, oldest first. */
export const BatteryHistoryResponse = Type.Object({ results: Type.Array(BatteryReading) });

export const MAX_HEARD_HOURS = 24 * 7;
export const GatewayDevicesQuery = Type.Object(
  {
    /** How far back "recently" reaches. */
    hours: Type.Integer({ minimum: 1, maximum: MAX_HEARD_HOURS, default: 24 }),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  },
  { additionalProperties: false },
);
export type GatewayDevicesQuery = Static<typeof GatewayDevicesQuery>;

/** A device the gateway heard: its last reception, its best, and how many frames within the window. */
export const HeardDevice = Type.Object({
  device_id: Type.String(),
  dev_eui: Type.String(),
  device_name: Type.String(),
  last_heard: Timestamp,
  last_rssi: Nullable(Type.Number()),
  last_snr: Nullable(Type.Number()),
  best_rssi: Nullable(Type.Number()),
  best_snr: Nullable(Type.Number()),
  frames: Type.Integer(),
});
export type HeardDevice = Static<typeof HeardDevice>;
/** Devices of the caller's companies, the most recently heard first. */
export const GatewayDevicesResponse = Type.Object({ results: Type.Array(HeardDevice) });
