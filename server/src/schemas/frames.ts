import { Type, type Static, type TSchema } from 'typebox';
import { Page, PageNumber, Timestamp } from './common.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One gateway's reception of an uplink. */
export const FrameReception = Type.Object({
  /** The gateway's EUI, registered here or not. */
  gateway_id: Type.String(),
  rssi: Nullable(Type.Number()),
  snr: Nullable(Type.Number()),
  channel: Nullable(Type.Integer()),
});
export type FrameReception = Static<typeof FrameReception>;

/** The radio metadata of one uplink (issue #14): how it was sent, and who heard it. */
const FrameFields = {
  id: Type.String(),
  device_id: Type.String(),
  received_at: Timestamp,
  f_cnt: Nullable(Type.Integer()),
  f_port: Nullable(Type.Integer()),
  dr: Nullable(Type.Integer()),
  modulation: Nullable(Type.Union([Type.Literal('LORA'), Type.Literal('FSK'), Type.Literal('LR_FHSS')])),
  spreading_factor: Nullable(Type.Integer()),
  /** Hz. */
  bandwidth: Nullable(Type.Integer()),
  /** Hz. */
  frequency: Nullable(Type.Integer()),
  adr: Nullable(Type.Boolean()),
  confirmed: Nullable(Type.Boolean()),
  dev_addr: Nullable(Type.String()),
  /** The strongest reception's. */
  rssi: Nullable(Type.Number()),
  snr: Nullable(Type.Number()),
};

export const Frame = Type.Object({ ...FrameFields, receptions: Type.Array(FrameReception) });
export type Frame = Static<typeof Frame>;

/** A device's frames, newest first. */
const MAX_FRAMES_PAGE = 500;
export const DeviceFramesQuery = Type.Object(
  { page: PageNumber, page_size: Type.Integer({ minimum: 1, maximum: MAX_FRAMES_PAGE, default: 50 }) },
  { additionalProperties: false },
);
export type DeviceFramesQuery = Static<typeof DeviceFramesQuery>;
export const FramePage = Page(Frame);

/** What a gateway heard lately: one row per uplink of a device the caller may see, with this gateway's reception. */
export const GatewayFrame = Type.Object({
  ...FrameFields,
  dev_eui: Type.String(),
  device_name: Type.String(),
  /** This gateway's reception (rssi and snr above are the uplink's strongest, by any gateway). */
  reception: FrameReception,
});
export type GatewayFrame = Static<typeof GatewayFrame>;

export const GatewayFramesQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: MAX_FRAMES_PAGE, default: 100 }) }, { additionalProperties: false });
export const GatewayFramesResponse = Type.Object({ results: Type.Array(GatewayFrame) });
