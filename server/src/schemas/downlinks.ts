import { Type, type Static } from 'typebox';
import { ErrorResponse } from './common.js';
import { DOWNLINK_FPORT_MAX, DOWNLINK_FPORT_MIN } from '../domain/downlink.js';

const DOWNLINK_ENCODINGS = ['hex', 'base64', 'json'] as const;
export type DownlinkEncoding = (typeof DOWNLINK_ENCODINGS)[number];

const FPort = Type.Integer({ minimum: DOWNLINK_FPORT_MIN, maximum: DOWNLINK_FPORT_MAX });

/**
 * A downlink to queue for a device (issue #13). `payload` is the bytes as hex or base64, or with
 * `json` a JSON text the device profile's codec encodes (TS013 `encodeDownlink`); `f_port` may be
 * left out when that codec names the port.
 */
export const DownlinkBody = Type.Object(
  {
    f_port: Type.Optional(FPort),
    confirmed: Type.Optional(Type.Boolean({ default: false })),
    // Far above 242 bytes as hex with separators; JSON for a codec is small too.
    payload: Type.String({ maxLength: 16 * 1024 }),
    encoding: Type.Enum(DOWNLINK_ENCODINGS),
  },
  { additionalProperties: false },
);
export type DownlinkBody = Static<typeof DownlinkBody>;

const DownlinkFields = {
  /** The network server's id of the queue item. */
  id: Type.String(),
  f_port: Type.Integer(),
  confirmed: Type.Boolean(),
  /** The bytes as upper-case hex (empty for an empty payload). */
  data_hex: Type.String(),
};

export const DownlinkQueuedResponse = Type.Object({
  ...DownlinkFields,
  /** The codec's warnings when it encoded the payload (empty otherwise). */
  warnings: Type.Array(Type.String()),
});
export type DownlinkQueued = Static<typeof DownlinkQueuedResponse>;

export const QueuedDownlinkItem = Type.Object({
  ...DownlinkFields,
  /** The downlink frame counter, once the network server has sent the item; null while it waits. */
  f_cnt_down: Type.Union([Type.Integer(), Type.Null()]),
  /** Sent and waiting for the device's acknowledgement (confirmed downlinks). */
  is_pending: Type.Boolean(),
});
export type QueuedDownlinkItem = Static<typeof QueuedDownlinkItem>;

/** The device's queue in the network server, oldest first. */
export const DownlinkQueueResponse = Type.Object({ items: Type.Array(QueuedDownlinkItem) });
export type DownlinkQueue = Static<typeof DownlinkQueueResponse>;

/** How the network server's failures answer (routes/network-errors.ts): none configured, refused, unreachable. */
export const networkServerResponses = { 409: ErrorResponse, 422: ErrorResponse, 503: ErrorResponse } as const;
