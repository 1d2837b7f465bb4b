/**
 * The LoRaWAN settings a network server needs for a device profile, named as ChirpStack v4 names
 * them (common.proto: Region, MacVersion, RegParamsRevision), so they map one to one.
 */
export const REGIONS = [
  'EU868',
  'US915',
  'CN779',
  'EU433',
  'AU915',
  'CN470',
  'AS923',
  'AS923_2',
  'AS923_3',
  'AS923_4',
  'KR920',
  'IN865',
  'RU864',
  'ISM2400',
] as const;
export type Region = (typeof REGIONS)[number];

export const MAC_VERSIONS = ['LORAWAN_1_0_0', 'LORAWAN_1_0_1', 'LORAWAN_1_0_2', 'LORAWAN_1_0_3', 'LORAWAN_1_0_4', 'LORAWAN_1_1_0'] as const;
export type MacVersion = (typeof MAC_VERSIONS)[number];

export const REG_PARAMS_REVISIONS = ['A', 'B', 'RP002_1_0_0', 'RP002_1_0_1', 'RP002_1_0_2', 'RP002_1_0_3', 'RP002_1_0_4', 'RP002_1_0_5'] as const;
export type RegParamsRevision = (typeof REG_PARAMS_REVISIONS)[number];

/** What a profile and the rows that existed before these settings get: Europe, LoRaWAN 1.0.3, its regional parameters revision A. */
export const DEFAULT_REGION: Region = 'EU868';
export const DEFAULT_MAC_VERSION: MacVersion = 'LORAWAN_1_0_3';
export const DEFAULT_REG_PARAMS_REVISION: RegParamsRevision = 'A';

/**
 * How often a profile's devices are expected to send (seconds), unless the profile says otherwise:
 * ChirpStack's device-profile `uplink_interval`, after which it counts a device as inactive.
 */
export const DEFAULT_UPLINK_INTERVAL_S = 3600;

/** A device without a JoinEUI (AppEUI) joins with zeros, as most LoRaWAN 1.0.x devices are shipped. */
export const DEFAULT_JOIN_EUI = '0000000000000000';

/** LoRaWAN 1.1 devices have a separate network key; for 1.0.x the AppKey is sent as ChirpStack's nwkKey. */
export const isLorawan11 = (version: MacVersion): boolean => version === 'LORAWAN_1_1_0';

/**
 * How recently the network server must have heard from a gateway for the setup wizard to count it as
 * seen. ChirpStack updates a gateway's last-seen with each statistics report (every 30 s by default)
 * and itself calls a gateway online within twice its statistics interval; five minutes also covers
 * forwarders set to report less often, while a gateway heard only before its new setup is not taken
 * for one that works now.
 */
export const GATEWAY_SEEN_WINDOW_MS = 5 * 60_000;

/** Whether a gateway last heard at `lastSeenAt` counts as seen by the network server at `now`. */
export const gatewaySeenRecently = (lastSeenAt: Date | null, now: Date): boolean =>
  lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= GATEWAY_SEEN_WINDOW_MS;
