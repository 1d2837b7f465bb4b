import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from './common.js';
import { DOWNLINK_ERROR_TEXTS, type DownlinkErrorCode } from './messages.js';
import { DOWNLINK_FPORT_MAX, DOWNLINK_FPORT_MIN, DOWNLINK_STATES } from '../domain/downlink.js';

const DOWNLINK_ENCODINGS = ['hex', 'base64', 'json'] as const;
export type DownlinkEncoding = (typeof DOWNLINK_ENCODINGS)[number];

const FPort = Type.Integer({ minimum: DOWNLINK_FPORT_MIN, maximum: DOWNLINK_FPORT_MAX });

/**
 * A downlink to send to a device (issue #13). `payload` is the bytes as hex or base64, or with
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

const DOWNLINK_ERROR_CODES = Object.keys(DOWNLINK_ERROR_TEXTS) as DownlinkErrorCode[];

/**
 * A downlink sent from here and where it stands (domain/downlink.ts DOWNLINK_STATES). `error_code`
 * says why it failed, or while it is pending why the last attempt did not reach the network server;
 * `error_message` is the network server's own words beside it.
 */
export const Downlink = Type.Object({
  id: Uuid,
  f_port: Type.Integer(),
  confirmed: Type.Boolean(),
  /** The bytes as upper-case hex (empty for an empty payload). */
  data_hex: Type.String(),
  state: Type.Enum(DOWNLINK_STATES),
  /** The network server's id of the queue item, once it accepted the downlink. */
  queue_item_id: Type.Union([Type.String(), Type.Null()]),
  /** The downlink frame counter, once the network server reported the transmission. */
  f_cnt_down: Type.Union([Type.Integer(), Type.Null()]),
  error_code: Type.Union([Type.Enum(DOWNLINK_ERROR_CODES), Type.Null()]),
  error_message: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Downlink = Static<typeof Downlink>;

/** The answer to sending: the downlink as recorded (pending), with the codec's warnings when it encoded the payload. */
export const DownlinkCreatedResponse = Type.Object({ ...Downlink.properties, warnings: Type.Array(Type.String()) });
export type DownlinkCreated = Static<typeof DownlinkCreatedResponse>;

/** A device's recent downlinks, newest first (at most DOWNLINK_LIST_LIMIT). */
export const DownlinkListResponse = Type.Object({ items: Type.Array(Downlink) });
export type DownlinkList = Static<typeof DownlinkListResponse>;
