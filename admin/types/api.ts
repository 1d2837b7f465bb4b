/**
 * The console's one door to the server (DESIGN §2): the wire types come from the server's TypeBox
 * schemas (type-only, erased at build), the pure rules from its domain/ folder and the codes'
 * English reference texts from schemas/messages.ts (small modules without I/O, bundled as they
 * are). No other console file imports from server/ (ESLint `no-restricted-imports`).
 */
export type { ApiKey, ApiKeyWithSecret } from '../../server/src/schemas/api-keys';
export type { Company, CompanyMember, CompanyPeople } from '../../server/src/schemas/companies';
export { COMPANY_ROLES, mayInviteAs, removalRefusal, roleAtLeast, roleChangeRefusal, type CompanyRole } from '../../server/src/domain/roles';
export type { InviteCreateBody } from '../../server/src/schemas/invites';
export type { AuditEvent } from '../../server/src/schemas/audit';
export type { Dashboard } from '../../server/src/schemas/dashboards';
export type { DeviceImportResult } from '../../server/src/schemas/device-import';
export type { BulkJob, BulkJobCreateBody } from '../../server/src/schemas/bulk-jobs';
export type { Device, DeviceDetail, TopicValue } from '../../server/src/schemas/devices';
export type { BatteryReading, DeviceEventItem, DeviceEventsQuery, HeardDevice, SeriesPoint, TopicSeries } from '../../server/src/schemas/device-history';
export type { Frame, FrameReception, GatewayFrame } from '../../server/src/schemas/frames';
export type { Downlink, DownlinkBody as DownlinkInput, DownlinkCreated, DownlinkEncoding, DownlinkList } from '../../server/src/schemas/downlinks';
export type { FilterOption } from '../../server/src/schemas/filter-options';
export type { Gateway, GatewayCertificate, GatewayNetwork } from '../../server/src/schemas/gateways';
export type { Notification } from '../../server/src/schemas/notifications';
export type { LiveEvent } from '../../server/src/schemas/live';
export type { EmailChangeBody, EmailChangeStatus } from '../../server/src/schemas/email-change';
export type { EmailVerifiedResponse } from '../../server/src/schemas/auth';
export type {
  AlertChannel,
  AlertKind,
  AlertMailMode,
  NotificationPreferences,
  NotificationPreferencesChange,
} from '../../server/src/schemas/notification-preferences';
export { ALERT_CHANNELS, ALERT_KINDS, ALERT_MAIL_MODES } from '../../server/src/domain/alert-kinds';
export type { CodecTestBody as CodecTestInput, CodecTestResult, ConsoleLine } from '../../server/src/schemas/profiles';
export type { SearchResult, SearchType } from '../../server/src/schemas/search';
export type { Template } from '../../server/src/schemas/templates';
export type { Tenant, TenantUpdateBody as TenantUpdate } from '../../server/src/schemas/tenants';
export type { User } from '../../server/src/schemas/users';
export type { BillPreview, Usage } from '../../server/src/schemas/usage';
export type {
  OperatorCompany,
  OperatorCompanyOrdering,
  OperatorCompanyUpdate,
  OperatorTenant,
  OperatorTenantOrdering,
  OperatorUser,
  OperatorUserOrdering,
} from '../../server/src/schemas/operator';
export type { Version } from '../../server/src/schemas/version';
export type { Widget, WidgetData } from '../../server/src/schemas/widgets';
export type { Webhook, WebhookDelivery, WebhookWithSecret } from '../../server/src/schemas/webhooks';
export type {
  ConditionGroup,
  LeafCondition,
  Rule,
  RuleAction,
  RuleCondition,
  RuleFiring,
  RulePreview,
  RulePreviewBody,
  RuleSchedule,
  RuleScope,
  RuleTopic,
  TopicOperator,
  TopicValues,
} from '../../server/src/schemas/rules';
export type { DownlinkErrorCode, MessageParams, MqttLinkErrorCode, SyncErrorCode, WebhookDeliveryErrorCode } from '../../server/src/schemas/messages';
export type {
  Drift,
  MqttLinkStatus,
  NetworkStatusResponse as NetworkStatus,
  ReconcileFixResponse as ReconcileResult,
  SyncKind,
  SyncStatus,
  UnregisteredDevice,
} from '../../server/src/schemas/network';

export {
  DOWNLINK_ERROR_TEXTS,
  FIELD_ERROR_TEXTS,
  MQTT_LINK_ERROR_TEXTS,
  NOTIFICATION_TEXTS,
  SYNC_ERROR_TEXTS,
  WEBHOOK_DELIVERY_ERROR_TEXTS,
} from '../../server/src/schemas/messages';
export { MAX_WEBHOOKS_PER_COMPANY } from '../../server/src/domain/webhooks';
export { AUDIT_ACTIONS, AUDIT_RESOURCES, REDACTED, type AuditAction, type AuditResource } from '../../server/src/domain/audit';
export { PRICING, PLANS, type Billing, type Plan } from '../../server/src/domain/pricing';
export { MAX_PLAN_OVERRIDE, MAX_SUSPENSION_REASON } from '../../server/src/domain/plans';
export { DOWNLINK_FPORT_MAX, DOWNLINK_FPORT_MIN, isDownlinkFPort, isDownlinkInFlight, type DownlinkState } from '../../server/src/domain/downlink';
export { hexInputPattern, normaliseEui, normaliseKey, EUI_BYTES, KEY_BYTES } from '../../server/src/domain/eui';
export {
  DEFAULT_JOIN_EUI,
  DEFAULT_MAC_VERSION,
  DEFAULT_REG_PARAMS_REVISION,
  DEFAULT_REGION,
  DEFAULT_UPLINK_INTERVAL_S,
  MAC_VERSIONS,
  REG_PARAMS_REVISIONS,
  REGIONS,
} from '../../server/src/domain/network';
export type { MacVersion, Region, RegParamsRevision } from '../../server/src/domain/network';
export { DECODERS, DEFAULT_DECODER_PRECEDENCE } from '../../server/src/domain/decoders';
export type { Decoder } from '../../server/src/domain/decoders';
