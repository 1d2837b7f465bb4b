import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from './common.js';
import { POWER_STATUSES } from '../domain/power.js';
import { DOWNLINK_STATES } from '../domain/downlink.js';
import { SyncKind } from './network.js';

/**
 * The console's live stream (issue #22): one server-sent-events stream per browser tab and
 * selected company. Each event is small (codes, ids, values); the console refetches what it shows
 * of the named record instead of reading a whole record from the stream.
 */
export const LiveStreamQuery = Type.Object({ company_id: Uuid }, { additionalProperties: false });
export type LiveStreamQuery = Static<typeof LiveStreamQuery>;

/** A device was heard (an uplink, a status or join event): when, and its power status if the event told it. */
export const DeviceStatusEvent = Type.Object({
  type: Type.Literal('device_status'),
  company_id: Uuid,
  device_id: Uuid,
  last_seen: Timestamp,
  power_status: Type.Optional(Type.Enum(POWER_STATUSES)),
  battery_level: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

/** A gateway connected to the broker, or the last node holding it let go. */
export const GatewayStatusEvent = Type.Object({
  type: Type.Literal('gateway_status'),
  company_id: Uuid,
  gateway_id: Uuid,
  connected: Type.Boolean(),
  at: Timestamp,
});

/** The signed-in user's unread notifications changed (a new one, or one marked read elsewhere). */
export const NotificationsEvent = Type.Object({
  type: Type.Literal('notifications'),
  unread: Type.Integer({ minimum: 0 }),
});

/** A device, profile or gateway changed its state in the network server (pending, synced, failed). */
export const NetworkSyncEvent = Type.Object({
  type: Type.Literal('network_sync'),
  company_id: Uuid,
  kind: SyncKind,
  id: Uuid,
  state: Type.Union([Type.Literal('pending'), Type.Literal('synced'), Type.Literal('failed')]),
});

/** A downlink of a device moved on (queued, sent, acknowledged, failed …). */
export const DownlinkStateEvent = Type.Object({
  type: Type.Literal('downlink_state'),
  company_id: Uuid,
  device_id: Uuid,
  downlink_id: Uuid,
  state: Type.Enum(DOWNLINK_STATES),
});

/** One `data:` line of the stream, as JSON; the SSE `event:` field carries the same `type`. */
export const LiveEvent = Type.Union([DeviceStatusEvent, GatewayStatusEvent, NotificationsEvent, NetworkSyncEvent, DownlinkStateEvent], {
  description:
    'A server-sent event (text/event-stream): `event: <type>` and `data: <this object as JSON>`. ' +
    'Comment lines (`: heartbeat`) keep proxies from closing an idle stream; `retry:` says how long to wait before reconnecting.',
});
export type LiveEvent = Static<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];

/** What the stream route answers in OpenAPI: the event schema under the text/event-stream media type. */
export const LiveStreamResponse = {
  description: 'A stream of server-sent events until the session ends or the client disconnects',
  content: { 'text/event-stream': { schema: LiveEvent } },
} as const;
