import type { ColumnType } from 'kysely';
import type { Decoder } from '../domain/decoders.js';
import type { MacVersion, Region, RegParamsRevision } from '../domain/network.js';
import type { DownlinkState } from '../domain/downlink.js';
import type { Plan } from '../domain/plans.js';
import type { CompanyRole } from '../domain/roles.js';
import type { AuditAction, AuditResource } from '../domain/audit.js';
import type { PowerSource } from '../domain/power.js';
import type { DeviceEventType } from '../schemas/ingest.js';
import type { SearchType } from '../schemas/search.js';
import type { RuleScope } from '../schemas/rules.js';
import type { WebhookDeliveryErrorCode } from '../schemas/messages.js';

/**
 * Table types shared by SQLite and PostgreSQL. Both dialects store the same portable column
 * types: UUIDs and ISO-8601 UTC timestamps as text (fixed width, so they sort correctly),
 * flags as integers 0/1. Repositories turn them into API shapes.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  profile_picture: string | null;
  is_tenant_enabled: number;
  is_onboarded: number;
  language: string;
  created_at: string;
  /** 1 once the user proved the address by the verification mail's link (migration 0026). */
  email_verified: number;
}

export interface SessionsTable {
  handle: string;
  user_id: string;
  /** Hash of the refresh token currently valid for this session. */
  refresh_hash: string;
  /**
   * Hash of the refresh token it replaced, still accepted until the new one is confirmed
   * (used once, or its access token seen). A use after confirmation is token theft.
   */
  parent_refresh_hash: string | null;
  anti_csrf: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface TenantsTable {
  id: string;
  name: string;
  logo_url: string | null;
  color_hex: string | null;
  created_at: string;
}

export interface TenantOwnersTable {
  tenant_id: string;
  user_id: string;
}

export interface CompaniesTable {
  id: string;
  name: string;
  tenant_id: string | null;
  /** A Plan (server/src/plans); the database fills in Free. */
  plan: ColumnType<Plan, Plan | undefined, Plan>;
  /** The operator's overrides of the plan's device limit and monthly token quota; null: the plan's. */
  device_limit: ColumnType<number | null, number | null | undefined, number | null>;
  token_quota: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set while the operator has suspended the company: its data is read-only, its API keys refused. */
  suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the operator suspended the company, and the operator's e-mail to ask (shown in the banner). */
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  suspension_contact: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface OperatorsTable {
  email: string;
  granted_at: string;
}

/** API tokens a company used on a UTC day (YYYY-MM-DD). */
export interface TokenUsageTable {
  company_id: string;
  day: string;
  tokens: number;
}

export interface CompanyMembersTable {
  company_id: string;
  user_id: string;
  role: CompanyRole;
  joined_at: string;
  /** The last request the member made in this company (migration 0023), at most a minute old. */
  last_active_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InvitesTable {
  id: string;
  company_id: string;
  email: string;
  code: string;
  invited_by: string;
  created_at: string;
  used_at: string | null;
  used_by: string | null;
  /** Migration 0023: the role the invitee joins with, when the code stops working, whether any account may use it, and when it was withdrawn. */
  role: CompanyRole;
  expires_at: string;
  is_open: number;
  deleted_at: string | null;
}

export interface WebhooksTable {
  id: string;
  company_id: string;
  url: string;
  header_name: string | null;
  header_value: string | null;
  enabled: number;
  created_at: string;
  /** `whsec_…`: signs its deliveries (migration 0017; every row has one). */
  secret: string;
  /** Scheme, host and port of `url`: what the per-destination cap counts (migration 0017). */
  destination: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: WebhookDeliveryErrorCode | null;
  response_status: number | null;
  /** How long the last attempt took until the receiver answered or failed, in ms (migration 0037). */
  duration_ms: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * Who is sending a delivery, and until when the claim holds (migration 0015). Only the dispatcher's
 * claim writes them, so a delivery is queued without them.
 */
export interface WebhookDeliveryClaim {
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A message waiting to be sent, or sent (migration 0026); rendered from `template` and `params` when sent. */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  language: string;
  template: string;
  params: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export type BulkJobKind = 'delete' | 'move' | 'profile';
export type BulkJobState = 'queued' | 'running' | 'cancelled' | 'done' | 'failed';

/** A bulk operation on a company's devices, run by the server a batch at a time (migration 0036). */
export interface BulkJobsTable {
  id: string;
  company_id: string;
  kind: BulkJobKind;
  filter: string | null;
  device_ids: string | null;
  unit_id: string | null;
  profile_id: string | null;
  state: BulkJobState;
  total: number;
  done_count: number;
  cursor: string | null;
  leased_by: string | null;
  leased_until: string | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error_code: string | null;
}

/** `email_change` tokens carry the new address in `email`: the unused, unexpired one is the pending change. */
export type AccountTokenPurpose = 'password_reset' | 'email_verification' | 'email_change';

/** A one-use token sent by mail, stored as its hash only (migration 0026). */
export interface AccountTokensTable {
  token_hash: string;
  purpose: AccountTokenPurpose;
  user_id: string;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A job that runs on one node at a time (migration 0015): held by `held_by` until `held_until`. */
export interface JobLeasesTable {
  name: string;
  held_by: string;
  held_until: string;
}

/** A gateway's connection held by one API node (migration 0021); the node refreshes `heartbeat_at`. */
export interface GatewayPresenceTable {
  /** The gateway's EUI (gateways.gateway_id). */
  gateway_id: string;
  /** The holding node's process name (dataplane/node-name.ts). */
  node: string;
  connected_at: string;
  heartbeat_at: string;
}

/** Maintained by triggers (migration 0003); read by the search repository only. */
export interface SearchEntriesTable {
  type: SearchType;
  id: string;
  company_id: string | null;
  tenant_id: string | null;
  name: string;
  terms: string;
}

/** What the device list's filter options count (migration 0043): a field of a device and its value there. */
export type DeviceFilterField = 'profile' | 'unit' | 'power';

/** A company's devices per value of a filter field, kept by triggers (migration 0043). */
export interface DeviceFilterCountsTable {
  company_id: string;
  field: DeviceFilterField;
  /** The profile's or unit's id ('' for none), or the power status. */
  value: string;
  device_count: number | string;
}

/** PostgreSQL's changes to those counts, appended by its trigger until jobs/filter-count-folder.ts folds them in. */
export interface DeviceFilterCountChangesTable {
  id: ColumnType<number | string, never, never>;
  company_id: string;
  field: DeviceFilterField;
  value: string;
  delta: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  tenants: TenantsTable;
  tenant_owners: TenantOwnersTable;
  companies: CompaniesTable;
  operators: OperatorsTable;
  token_usage: TokenUsageTable;
  company_members: CompanyMembersTable;
  invites: InvitesTable;
  templates: TemplatesTable;
  profiles: ProfilesTable;
  groups: GroupsTable;
  units: UnitsTable;
  devices: DevicesTable;
  device_topics: DeviceTopicsTable;
  topic_samples: TopicSamplesTable;
  device_events: DeviceEventsTable;
  frames: FramesTable;
  frame_receptions: FrameReceptionsTable;
  unregistered_devices: UnregisteredDevicesTable;
  gateways: GatewaysTable;
  gateway_certificates: GatewayCertificatesTable;
  rate_limits: RateLimitsTable;
  network_server_certificates: NetworkServerCertificatesTable;
  dashboards: DashboardsTable;
  widgets: WidgetsTable;
  notifications: NotificationsTable;
  api_keys: ApiKeysTable;
  search_entries: SearchEntriesTable;
  device_filter_counts: DeviceFilterCountsTable;
  device_filter_count_changes: DeviceFilterCountChangesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable & WebhookDeliveryClaim;
  network_outbox: NetworkOutboxTable;
  network_sync: NetworkSyncTable;
  integration_keys: IntegrationKeysTable;
  downlinks: DownlinksTable;
  job_leases: JobLeasesTable;
  gateway_presence: GatewayPresenceTable;
  audit_events: AuditEventsTable;
  rules: RulesTable;
  rule_states: RuleStatesTable;
  rule_device_versions: RuleDeviceVersionsTable;
  rule_firings: RuleFiringsTable;
  mail_outbox: MailOutboxTable;
  bulk_jobs: BulkJobsTable;
  account_tokens: AccountTokensTable;
  notification_preferences: NotificationPreferencesTable;
  alert_mail_settings: AlertMailSettingsTable;
  alert_mails: AlertMailsTable;
}

export interface TemplatesTable {
  id: string;
  vendor: string;
  model: string;
  version: string;
  description: string;
  supports_otaa: number;
  supports_class_b: number;
  supports_class_c: number;
  codec: string;
  /** JSON array of sample uplinks with their expected decoding. */
  samples: string;
  region: Region;
  mac_version: MacVersion;
  reg_params_revision: RegParamsRevision;
  uplink_interval_s: number;
}

export interface ProfilesTable {
  id: string;
  company_id: string;
  name: string;
  codec: string;
  supports_otaa: number;
  supports_class_b: number;
  supports_class_c: number;
  template_id: string | null;
  created_at: string;
  /** The network-server settings of migration 0009 (ChirpStack's names, domain/network.ts). */
  region: Region;
  mac_version: MacVersion;
  reg_params_revision: RegParamsRevision;
  /** Expected seconds between uplinks (ChirpStack's device-profile uplink_interval). */
  uplink_interval_s: number;
  /** Whose decoding wins when ChirpStack sent one and the profile has a codec (migration 0012). */
  decoder_precedence: Decoder;
}

export interface GroupsTable {
  id: string;
  company_id: string;
  name: string;
  created_at: string;
}

export interface UnitsTable {
  id: string;
  company_id: string;
  name: string;
  group_id: string | null;
  created_at: string;
}

export interface DevicesTable {
  id: string;
  company_id: string;
  /** 16 upper-case hex digits, unique across the installation. */
  dev_eui: string;
  /** JoinEUI (AppEUI), 16 upper-case hex digits; the database fills in zeros, "none" (DEFAULT_JOIN_EUI). */
  join_eui: ColumnType<string, string | undefined, string>;
  name: string;
  /** 32 upper-case hex digits; never returned in lists. */
  app_key: string;
  profile_id: string | null;
  unit_id: string | null;
  last_seen: string | null;
  power_source: PowerSource;
  battery_level: number | null;
  created_at: string;
  /** Moving average of the gaps between uplinks (seconds); null until two uplinks arrived. */
  uplink_interval_s: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last position a location event reported (migration 0011); null until one did. */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  altitude: ColumnType<number | null, number | null | undefined, number | null>;
  /** ChirpStack's LocationSource name (GPS, GEO_RESOLVER_TDOA, …). */
  location_source: ColumnType<string | null, string | null | undefined, string | null>;
  location_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DeviceTopicsTable {
  device_id: string;
  topic: string;
  /** JSON-encoded value (number, string, boolean, …). */
  last_value: string;
  last_timestamp: string;
  /** Which decoder produced the last value (migration 0012); null for values stored before. */
  decoded_by: Decoder | null;
}

export interface TopicSamplesTable {
  device_id: string;
  topic: string;
  ts: string;
  value: string;
}

export interface DeviceEventsTable {
  id: string;
  company_id: string;
  device_id: string;
  type: DeviceEventType;
  summary: string;
  payload: string | null;
  created_at: string;
  /** What makes the event idempotent (unique per device and time, migration 0011); null on older rows. */
  dedupe_key: string | null;
  /** A log event's ChirpStack level (INFO, WARNING, ERROR) and code (OTAA, UPLINK_MIC, …). */
  level: string | null;
  code: string | null;
}

/** Radio metadata of one uplink (migration 0011); bigint columns come back as strings from PostgreSQL. */
export interface FramesTable {
  device_id: string;
  received_at: string;
  id: string;
  f_cnt: number | string | null;
  f_port: number | null;
  dr: number | null;
  modulation: string | null;
  spreading_factor: number | null;
  bandwidth: number | null;
  frequency: number | string | null;
  adr: number | null;
  confirmed: number | null;
  dev_addr: string | null;
  rssi: number | null;
  snr: number | null;
  /** JSON array of the receptions ({gateway_id, rssi, snr, channel}), strongest first. */
  receptions: string;
}

/** A reception by a gateway registered here, by gateway and time; (device_id, received_at, frame_id) is its frame's key. */
export interface FrameReceptionsTable {
  gateway_id: string;
  received_at: string;
  frame_id: string;
  device_id: string;
  rssi: number | null;
  snr: number | null;
  channel: number | null;
}

export interface UnregisteredDevicesTable {
  /** The company id, or '' for events whose company is not known. */
  scope: string;
  dev_eui: string;
  join_eui: string | null;
  device_name: string | null;
  application_id: string | null;
  last_event: string;
  last_event_key: string | null;
  last_rssi: number | null;
  last_snr: number | null;
  last_gateway_id: string | null;
  count: number;
  first_seen: string;
  last_seen: string;
}

export interface GatewaysTable {
  id: string;
  company_id: string;
  /** EUI-64, 16 upper-case hex digits, unique. */
  gateway_id: string;
  name: string;
  last_seen: string | null;
  connected: number;
  cert_expires_at: string | null;
  /** The current certificate's serial (as in gateway_certificates), or null before the first. */
  cert_serial: string | null;
  created_at: string;
}

/** Every client certificate issued to a gateway (migration 0018); the broker admits only unrevoked ones. */
/** The network server's broker client certificates (migration 0020). */
export interface NetworkServerCertificatesTable {
  /** Upper-case hex without leading zeros; UNTRACKED_MARK for the row that ends the admission of untracked ones. */
  serial: string;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface GatewayCertificatesTable {
  /** Upper-case hex without leading zeros, as Node reports a peer certificate's serial. */
  serial: string;
  /** The gateways row it was issued for. */
  gateway_ref: string;
  /** The certificate's CN. */
  gateway_id: string;
  cert_pem: string | null;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Rate-limit counters shared by the API nodes on PostgreSQL (migration 0019). */
export interface RateLimitsTable {
  /** sha256 of the limit's key, hex. */
  key: string;
  hits: number;
  /** Epoch milliseconds; PostgreSQL returns a bigint as a string. */
  reset_at: ColumnType<number | string, number, number>;
}

export interface DashboardsTable {
  id: string;
  company_id: string;
  owner_id: string;
  name: string;
  is_shared: number;
  created_at: string;
}

export interface WidgetsTable {
  id: string;
  dashboard_id: string;
  type: 'SINGLE_VALUE' | 'SERIES' | 'TABLE';
  title: string;
  data_source_mode: string;
  query: string | null;
  device_id: string | null;
  unit_id: string | null;
  topic: string | null;
  width: number;
  height: number;
  position_x: number;
  position_y: number;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  company_id: string | null;
  kind: string;
  /** The English title and message, as rendered when the notification was created. */
  title: string;
  message: string;
  /** JSON of the kind's parameters (schemas/messages.ts); null on rows older than migration 0008. */
  params: string | null;
  is_read: number;
  dedupe_key: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  lookup: string;
  key_hash: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  /** Migration 0023: the one company the key reaches (null: all of its owner's), and whether it may only read. */
  company_id: string | null;
  read_only: number;
}

export type NetworkEntityKind = 'application' | 'profile' | 'device' | 'gateway';
export type NetworkSyncState = 'pending' | 'synced' | 'failed';
/** What an outbox change is about: an entity, or a device's downlink queue (entity_id is the device). */
export type NetworkOutboxKind = NetworkEntityKind | 'downlink';

/** Changes waiting to be pushed to the network server (migration 0010). */
export interface NetworkOutboxTable {
  id: string;
  kind: NetworkOutboxKind;
  entity_id: string;
  company_id: string | null;
  action: 'put' | 'delete';
  /** JSON of the remote ids a delete removes; for a downlink put, `{"downlinkId": …}`. */
  target: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** Null while parked after an error retrying cannot fix. */
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
}

export interface NetworkSyncTable {
  kind: NetworkEntityKind;
  entity_id: string;
  company_id: string | null;
  state: NetworkSyncState;
  remote_id: string | null;
  error_code: string | null;
  error_message: string | null;
  updated_at: string;
}

export interface IntegrationKeysTable {
  lookup: string;
  company_id: string;
  key_hash: string;
  created_at: string;
}

/** Downlinks sent from here, with where each stands (migration 0013). */
export interface DownlinksTable {
  id: string;
  company_id: string;
  device_id: string;
  f_port: number;
  /** 0 or 1. */
  confirmed: number;
  data_hex: string;
  state: DownlinkState;
  queue_item_id: string | null;
  /** A 32-bit counter: bigint, which PostgreSQL returns as a string. */
  f_cnt_down: ColumnType<number | string | null, number | null, number | null>;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

/** The audit log per company (migration 0025); `changes` is JSON (repositories/audit-log.ts). */
export interface AuditEventsTable {
  id: string;
  company_id: string;
  at: string;
  actor_type: 'user' | 'api_key' | 'system';
  actor_id: string | null;
  actor_label: string;
  action: AuditAction;
  resource_type: AuditResource;
  resource_id: string | null;
  address: string | null;
  changes: string | null;
}

/** A rule of a company (migration 0030); condition, schedule and actions are JSON (schemas/rules.ts). */
export interface RulesTable {
  id: string;
  company_id: string;
  name: string;
  enabled: number;
  scope: RuleScope;
  scope_id: string | null;
  condition: string;
  schedule: string | null;
  hysteresis: number;
  actions: string;
  created_at: string;
  updated_at: string;
}

/** A rule's state for one device (migration 0030); `memory` is the evaluator's RuleMemory as JSON, `version` guards each write. */
export interface RuleStatesTable {
  rule_id: string;
  device_id: string;
  firing: number;
  since: string | null;
  last_fired_at: string | null;
  memory: string;
  version: number;
  updated_at: string;
}

/** Moves with every write of a device's rule states (migration 0038): a node's cached states of the device hold while it does not. */
export interface RuleDeviceVersionsTable {
  device_id: string;
  version: number;
}

/** A rule's transition for a device, with the values (JSON) its condition read (migration 0030). */
export interface RuleFiringsTable {
  id: string;
  rule_id: string;
  company_id: string;
  device_id: string;
  transition: 'fired' | 'resolved';
  at: string;
  readings: string;
}

/** A user's channel for one company's alerts of one kind (migration 0031); no row: in the console only. */
export interface NotificationPreferencesTable {
  user_id: string;
  company_id: string;
  kind: string;
  channel: 'in_app' | 'email' | 'both' | 'none';
}

/** How a user's alert mails leave (migration 0031); no row: at once. */
export interface AlertMailSettingsTable {
  user_id: string;
  mode: 'immediate' | 'digest';
  digest_hour: number;
}

/** An alert waiting to be mailed, or mailed (`mailed_at`, migration 0031); `params` as the notification's. */
export interface AlertMailsTable {
  id: string;
  user_id: string;
  company_id: string | null;
  kind: string;
  params: string;
  dedupe_key: string | null;
  created_at: string;
  mailed_at: string | null;
}
