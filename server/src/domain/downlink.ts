/**
 * What a downlink may carry, checked the same way for typed bytes and for a codec's
 * `encodeDownlink` result (API schema, codec sandbox and console form).
 */

/**
 * The largest application payload LoRaWAN lets through at all (EU868 DR7 and the like, RP002
 * table "N"); slower data rates allow less, and the network server refuses or truncates those.
 */
export const DOWNLINK_MAX_BYTES = 242;

/**
 * Application ports: 0 carries MAC commands only, 224 is the LoRaWAN test protocol and 225–255
 * are reserved (LoRaWAN 1.0.4 §4.3.2), so an application downlink uses 1–223.
 */
export const DOWNLINK_FPORT_MIN = 1;
export const DOWNLINK_FPORT_MAX = 223;

export const isDownlinkFPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= DOWNLINK_FPORT_MIN && value <= DOWNLINK_FPORT_MAX;

/**
 * Where a downlink sent from here stands (issue #13), from the request to the device's answer.
 * The network server reports the later steps as events (ack, txack, log), matched by its queue item id.
 */
export const DOWNLINK_STATES = [
  /** Recorded here with its outbox change; not yet accepted by the network server (it may be down). */
  'pending',
  /** Accepted into the device's queue in the network server, which gave it a queue item id. */
  'queued',
  /** Handed to a gateway for transmission (txack); final for an unconfirmed downlink. */
  'sent',
  /** The device acknowledged the confirmed downlink (ack). */
  'acknowledged',
  /** A confirmed downlink the device did not acknowledge in time (ack with acknowledged false). */
  'not_acknowledged',
  /** Refused for good: by the network server (with a reason code), or discarded by it (payload too large for the data rate). */
  'failed',
  /** Flushed before it left: removed from the queue here or in the network server. */
  'cancelled',
] as const;
export type DownlinkState = (typeof DOWNLINK_STATES)[number];

/**
 * The states an event moves a downlink from. A redelivered or late event finds the downlink past
 * them and changes nothing, so no state is set twice or set back (an ack never returns to sent).
 * A txack may follow a flush that raced the transmission: the downlink did leave.
 */
export const DOWNLINK_EVENT_FROM: Readonly<Record<'sent' | 'acknowledged' | 'not_acknowledged' | 'failed', readonly DownlinkState[]>> = {
  sent: ['queued', 'cancelled'],
  acknowledged: ['queued', 'sent'],
  not_acknowledged: ['queued', 'sent'],
  failed: ['queued'],
};

/** The states of a downlink that has not left the network server's queue yet: kept until it does, however old. */
export const DOWNLINK_WAITING_STATES: readonly DownlinkState[] = ['pending', 'queued'];

/** Whether a downlink may still change by itself: on its way, or sent and waiting for the device's acknowledgement. */
export const isDownlinkInFlight = (downlink: { state: DownlinkState; confirmed: boolean }): boolean =>
  downlink.state === 'pending' || downlink.state === 'queued' || (downlink.state === 'sent' && downlink.confirmed);

/** How many of a device's downlinks its list shows, newest first (older ones stay stored). */
export const DOWNLINK_LIST_LIMIT = 50;
