import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from './common.js';
import { MQTT_LINK_ERROR_TEXTS, SYNC_ERROR_TEXTS } from './messages.js';

const SYNC_ERROR_CODES = Object.keys(SYNC_ERROR_TEXTS) as (keyof typeof SYNC_ERROR_TEXTS)[];
const MQTT_LINK_ERROR_CODES = Object.keys(MQTT_LINK_ERROR_TEXTS) as (keyof typeof MQTT_LINK_ERROR_TEXTS)[];

/**
 * Whether an entity is provisioned in the network server (issue #13). Absent in standalone mode.
 * `failed` carries the code (translated by the console) and the network server's own message.
 */
export const SyncStatus = Type.Object({
  state: Type.Union([Type.Literal('pending'), Type.Literal('synced'), Type.Literal('failed')]),
  error_code: Type.Union([Type.Enum(SYNC_ERROR_CODES), Type.Null()]),
  error_message: Type.Union([Type.String(), Type.Null()]),
  updated_at: Timestamp,
});
export type SyncStatus = Static<typeof SyncStatus>;

/** The property list and detail answers of provisioned entities carry. */
export const WithSyncStatus = { network_sync: Type.Optional(SyncStatus) };

export const SyncKind = Type.Union([Type.Literal('device'), Type.Literal('profile'), Type.Literal('gateway')]);
export type SyncKind = Static<typeof SyncKind>;

export const SyncRetryParams = Type.Object({ kind: SyncKind, id: Uuid });

/** Which network server the installation is linked to: none (standalone) or ChirpStack. */
export const NetworkMode = Type.Union([Type.Literal('standalone'), Type.Literal('chirpstack')]);

export const MQTT_LINK_STATES = ['connecting', 'connected', 'reconnecting', 'stopped'] as const;

/**
 * The answering node's subscription on the network server's broker (MQTT_URL): its state since
 * when, and the last error (kept after recovery; the detail is in the server log, as it may
 * name internal hosts).
 */
export const MqttLinkStatus = Type.Object({
  state: Type.Enum(MQTT_LINK_STATES),
  since: Timestamp,
  error_code: Type.Union([Type.Enum(MQTT_LINK_ERROR_CODES), Type.Null()]),
  error_at: Type.Union([Timestamp, Type.Null()]),
});
export type MqttLinkStatus = Static<typeof MqttLinkStatus>;

/** The Info page: which network server, how far provisioning is behind for the user's companies, and the MQTT link when there is one. */
export const NetworkStatusResponse = Type.Object({
  mode: NetworkMode,
  pending: Type.Integer(),
  failed: Type.Integer(),
  mqtt: Type.Optional(MqttLinkStatus),
});
export type NetworkStatusResponse = Static<typeof NetworkStatusResponse>;

export const DRIFT_PROBLEMS = ['missing_there', 'missing_here', 'keys_differ', 'profile_differs'] as const;

/** One difference between this platform and the network server (reconciliation). */
export const Drift = Type.Object({
  kind: SyncKind,
  problem: Type.Enum(DRIFT_PROBLEMS),
  /** What identifies it on both sides: the DevEUI, the gateway id, or the profile's id (here, or there when missing here). */
  key: Type.String(),
  name: Type.String(),
  /** The entity here; null when it is missing here. */
  entity_id: Type.Union([Type.String(), Type.Null()]),
  company_id: Type.Union([Type.String(), Type.Null()]),
});
export type Drift = Static<typeof Drift>;

export const ReconcileQuery = Type.Object({ company_id: Uuid }, { additionalProperties: false });
export const ReconcileResponse = Type.Object({ drift: Type.Array(Drift) });

/** Fixes the chosen differences of one company: pushes ours, or adopts what is missing here into the company. */
export const ReconcileFixBody = Type.Object(
  {
    company_id: Uuid,
    items: Type.Array(Type.Object({ kind: SyncKind, key: Type.String({ maxLength: 64 }) }, { additionalProperties: false }), { maxItems: 10_000 }),
  },
  { additionalProperties: false },
);
export const ReconcileFixResponse = Type.Object({ fixed: Type.Integer(), skipped: Type.Array(Drift) });
export type ReconcileFixResponse = Static<typeof ReconcileFixResponse>;

/** A DevEUI the network server sent events for that no device here has (issue #14), to be added. */
export const UnregisteredDevice = Type.Object({
  dev_eui: Type.String(),
  /** From a failed join's log (ChirpStack's other events do not carry it); null until one came. */
  join_eui: Type.Union([Type.String(), Type.Null()]),
  /** The network server's name and application for it. */
  device_name: Type.Union([Type.String(), Type.Null()]),
  application_id: Type.Union([Type.String(), Type.Null()]),
  /** The type of the newest event (up, join, log, …). */
  last_event: Type.String(),
  /** The strongest reception of the newest uplink. */
  last_rssi: Type.Union([Type.Number(), Type.Null()]),
  last_snr: Type.Union([Type.Number(), Type.Null()]),
  last_gateway_id: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
  first_seen: Timestamp,
  last_seen: Timestamp,
});
export type UnregisteredDevice = Static<typeof UnregisteredDevice>;

export const UnregisteredQuery = Type.Object({ company_id: Uuid }, { additionalProperties: false });
export const UnregisteredResponse = Type.Object({ results: Type.Array(UnregisteredDevice) });
