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
