import { Type, type Static, type TSchema } from 'typebox';

/**
 * ChirpStack v4 integration events (api/proto/integration/integration.proto) as its JSON encoding
 * carries them: pbjson, lowerCamelCase, base64 bytes, lower-case hex EUIs, enums by name. Only the
 * fields we use are described; the others are accepted and ignored, since the messages grow
 * between releases. The Protobuf encoding is turned into this shape first (dataplane/ingest/protobuf.ts).
 */
const DeviceInfo = Type.Object({
  devEui: Type.String({ pattern: '^[0-9A-Fa-f]{16}$' }),
  deviceName: Type.Optional(Type.String()),
  applicationId: Type.Optional(Type.String()),
});

const Time = Type.Optional(Type.String({ format: 'date-time' }));
/** The UUID ChirpStack gives an uplink (shared by the up, join and status events it caused). */
const DeduplicationId = Type.Optional(Type.String({ maxLength: 64 }));
/** A gateway's EUI as ChirpStack writes it (lower-case hex). */
const GatewayId = Type.Optional(Type.String({ maxLength: 64 }));
/** The downlink an ack or txack is about: its queue item, and the frame counter it went out with. */
const QueueItemId = Type.Optional(Type.String({ maxLength: 64 }));
const FCntDown = Type.Optional(Type.Integer({ minimum: 0 }));
const Event = <P extends Record<string, TSchema>>(properties: P) => Type.Object({ deviceInfo: DeviceInfo, time: Time, ...properties });

/** gw.UplinkRxInfo: one gateway that received the uplink. */
const RxInfo = Type.Object({
  gatewayId: GatewayId,
  rssi: Type.Optional(Type.Number()),
  snr: Type.Optional(Type.Number()),
  channel: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type RxInfo = Static<typeof RxInfo>;

/** gw.Modulation: exactly one of its members is set. */
const Modulation = Type.Object({
  lora: Type.Optional(Type.Object({ bandwidth: Type.Optional(Type.Integer({ minimum: 0 })), spreadingFactor: Type.Optional(Type.Integer({ minimum: 0 })) })),
  fsk: Type.Optional(Type.Object({ datarate: Type.Optional(Type.Integer({ minimum: 0 })) })),
  lrFhss: Type.Optional(Type.Object({})),
});

/** gw.UplinkTxInfo: how the device sent it. */
const TxInfo = Type.Object({ frequency: Type.Optional(Type.Integer({ minimum: 0 })), modulation: Type.Optional(Modulation) });

export const UplinkEvent = Event({
  deduplicationId: DeduplicationId,
  devAddr: Type.Optional(Type.String({ maxLength: 8 })),
  adr: Type.Optional(Type.Boolean()),
  dr: Type.Optional(Type.Integer({ minimum: 0 })),
  fCnt: Type.Optional(Type.Integer({ minimum: 0 })),
  fPort: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  confirmed: Type.Optional(Type.Boolean()),
  /** Frame payload, base64. */
  data: Type.Optional(Type.String({ maxLength: 1024 })),
  /** Present when the network server already decoded the payload. */
  object: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  rxInfo: Type.Optional(Type.Array(RxInfo, { maxItems: 100 })),
  txInfo: Type.Optional(TxInfo),
});
export type UplinkEvent = Static<typeof UplinkEvent>;

export const JoinEvent = Event({ deduplicationId: DeduplicationId, devAddr: Type.Optional(Type.String({ maxLength: 8 })) });
export type JoinEvent = Static<typeof JoinEvent>;

/** A confirmed downlink was acknowledged by the device, or timed out (acknowledged false). */
export const AckEvent = Event({
  deduplicationId: DeduplicationId,
  queueItemId: QueueItemId,
  acknowledged: Type.Optional(Type.Boolean()),
  fCntDown: FCntDown,
});
export type AckEvent = Static<typeof AckEvent>;

/** A gateway accepted a downlink for transmission (which may be later). Has no deduplicationId. */
export const TxAckEvent = Event({
  downlinkId: Type.Optional(Type.Integer({ minimum: 0 })),
  queueItemId: QueueItemId,
  fCntDown: FCntDown,
  gatewayId: GatewayId,
});
export type TxAckEvent = Static<typeof TxAckEvent>;

/**
 * A device-related log of the network server (codec errors, OTAA and MIC failures, frame-counter
 * problems). Level and code are enum names; new codes appear between releases, so any name is taken.
 * Has no deduplicationId; its context usually names the uplink's (`deduplication_id`).
 */
export const LogEvent = Event({
  level: Type.Optional(Type.String({ maxLength: 32 })),
  code: Type.Optional(Type.String({ maxLength: 64 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  context: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 2000 }))),
});
export type LogEvent = Static<typeof LogEvent>;

export const StatusEvent = Event({
  deduplicationId: DeduplicationId,
  margin: Type.Optional(Type.Integer()),
  externalPowerSource: Type.Optional(Type.Boolean()),
  batteryLevelUnavailable: Type.Optional(Type.Boolean()),
  batteryLevel: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});
export type StatusEvent = Static<typeof StatusEvent>;

/** common.Location of a geolocation resolve; zero values are left out of the JSON. */
export const LocationEvent = Event({
  deduplicationId: DeduplicationId,
  location: Type.Optional(
    Type.Object({
      latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
      longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
      altitude: Type.Optional(Type.Number()),
      source: Type.Optional(Type.String({ maxLength: 64 })),
      accuracy: Type.Optional(Type.Number()),
    }),
  ),
});
export type LocationEvent = Static<typeof LocationEvent>;

/** Sent by ChirpStack up to 4.13, by its LoRa Cloud integration (e.g. `loracloud` / `modem_UplinkResponse`). */
export const IntegrationEvent = Event({
  deduplicationId: DeduplicationId,
  integrationName: Type.Optional(Type.String({ maxLength: 200 })),
  eventType: Type.Optional(Type.String({ maxLength: 200 })),
  object: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type IntegrationEvent = Static<typeof IntegrationEvent>;

export const INGEST_EVENTS = ['up', 'join', 'ack', 'txack', 'log', 'status', 'location', 'integration'] as const;
export type IngestEventType = (typeof INGEST_EVENTS)[number];

/** What a device's event log holds: the eight event types, and `error` for an uplink our codec failed on. */
export type DeviceEventType = IngestEventType | 'error';

/**
 * POST /api/ingest/chirpstack?event=…: the body is JSON, or Protobuf (`application/octet-stream`,
 * ChirpStack's "Payload encoding: Protobuf"); checked against the event's own schema once `event` is known.
 */
export const IngestBody = Type.Unknown();
/** The body as the OpenAPI document describes it: one of the eight events, JSON or Protobuf. */
export const IngestDocumentedBody = {
  content: {
    'application/json': {
      schema: Type.Union([UplinkEvent, JoinEvent, AckEvent, TxAckEvent, LogEvent, StatusEvent, LocationEvent, IntegrationEvent], {
        description: 'The event named by `event`, as ChirpStack v4 encodes it in JSON; fields not described here are accepted and ignored.',
        example: {
          deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
          time: '2026-11-27T10:00:00Z',
          deviceInfo: { devEui: 'a840410001810001', deviceName: 'cold-room-1' },
          devAddr: '01a2b3c4',
          fCnt: 42,
          fPort: 2,
          data: 'y6sEtgF8AX//fw==',
          rxInfo: [{ gatewayId: '0016c001ff10a235', rssi: -97, snr: 7.5 }],
          txInfo: { frequency: 868100000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7 } } },
        },
      }),
    },
    'application/octet-stream': {
      schema: Type.String({ format: 'binary', description: 'The event\'s Protobuf message (integration.proto), ChirpStack\'s "Payload encoding: Protobuf".' }),
    },
  },
};
export const IngestQuery = Type.Object({ event: Type.Enum(INGEST_EVENTS) }, { additionalProperties: true });
/**
 * `duplicate`: this event was stored before (a redelivery); `unregistered`: no device here has the
 * DevEUI (it is listed under GET /api/network/unregistered). Both are successes for the network server.
 */
export const IngestResponse = Type.Union([
  Type.Object({ status: Type.Literal('stored'), device_id: Type.String(), topics: Type.Integer() }),
  Type.Object({ status: Type.Literal('duplicate'), device_id: Type.String() }),
  Type.Object({ status: Type.Literal('unregistered') }),
]);
export type IngestResponse = Static<typeof IngestResponse>;
