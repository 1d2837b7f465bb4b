import type { NotificationKind } from '../schemas/messages.js';

/**
 * The kinds of alert a user chooses a channel for. A few notification kinds share one choice:
 * "gateway flapping" is a repeated disconnect, a rule's "resolved" belongs to its "fired".
 */
export const ALERT_KINDS = [
  'battery_low',
  'device_silent',
  'gateway_disconnected',
  'certificate_expiring',
  'network_sync_failed',
  'device_cannot_join',
  'downlink_failed',
  'rule_fired',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

const SHARED_CHOICE: Partial<Record<NotificationKind, AlertKind>> = { gateway_flapping: 'gateway_disconnected', rule_resolved: 'rule_fired' };

/** The preference that decides how a notification of `kind` reaches a user. */
export const alertKindOf = (kind: NotificationKind): AlertKind => SHARED_CHOICE[kind] ?? (kind as AlertKind);

/** Where a kind's alerts go; without a stored choice: `in_app`, as before alert mails existed. */
export const ALERT_CHANNELS = ['in_app', 'email', 'both', 'none'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const DEFAULT_ALERT_CHANNEL: AlertChannel = 'in_app';
export const mailsAlert = (channel: AlertChannel): boolean => channel === 'email' || channel === 'both';
export const showsAlert = (channel: AlertChannel): boolean => channel === 'in_app' || channel === 'both';

/** Alert mails leave at once (a burst in one mail) or once a day at `digest_hour` (UTC). */
export const ALERT_MAIL_MODES = ['immediate', 'digest'] as const;
export type AlertMailMode = (typeof ALERT_MAIL_MODES)[number];
export const DEFAULT_ALERT_MAIL_SETTINGS = { mode: 'immediate' as AlertMailMode, digest_hour: 7 };
