import { Type, type Static } from 'typebox';

/**
 * The parts of ChirpStack v4 integration events we use. ChirpStack sends more fields
 * (rxInfo, txInfo, …): they are accepted and ignored, since its schema grows between releases.
 */
const DeviceInfo = Type.Object({
  devEui: Type.String({ pattern: '^[0-9A-Fa-f]{16}$' }),
  deviceName: Type.Optional(Type.String()),
  applicationId: Type.Optional(Type.String()),
});

export const UplinkEvent = Type.Object({
  deviceInfo: DeviceInfo,
  time: Type.Optional(Type.String({ format: 'date-time' })),
  fCnt: Type.Optional(Type.Integer({ minimum: 0 })),
  fPort: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  /** Frame payload, base64. */
  data: Type.Optional(Type.String({ maxLength: 1024 })),
  /** Present when the network server already decoded the payload. */
  object: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  rxInfo: Type.Optional(
    Type.Array(Type.Object({ gatewayId: Type.Optional(Type.String()), rssi: Type.Optional(Type.Number()), snr: Type.Optional(Type.Number()) })),
  ),
});
export type UplinkEvent = Static<typeof UplinkEvent>;

export const StatusEvent = Type.Object({
  deviceInfo: DeviceInfo,
  time: Type.Optional(Type.String({ format: 'date-time' })),
  margin: Type.Optional(Type.Integer()),
  externalPowerSource: Type.Optional(Type.Boolean()),
  batteryLevelUnavailable: Type.Optional(Type.Boolean()),
  batteryLevel: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});
export type StatusEvent = Static<typeof StatusEvent>;

export const JoinEvent = Type.Object({
  deviceInfo: DeviceInfo,
  time: Type.Optional(Type.String({ format: 'date-time' })),
  devAddr: Type.Optional(Type.String()),
});
export type JoinEvent = Static<typeof JoinEvent>;

export const INGEST_EVENTS = ['up', 'status', 'join'] as const;
export type IngestEventType = (typeof INGEST_EVENTS)[number];

/** POST /api/ingest/chirpstack?event=…: which event the body is, and what the answer says. */
/** The event as ChirpStack posts it; checked against the event's own schema once `event` is known. */
export const IngestBody = Type.Unknown();
export const IngestQuery = Type.Object({ event: Type.Enum(INGEST_EVENTS) }, { additionalProperties: true });
export const IngestResponse = Type.Object({ status: Type.Literal('stored'), device_id: Type.String(), topics: Type.Integer() });
