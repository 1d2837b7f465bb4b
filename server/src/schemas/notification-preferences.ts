import { Type, type Static } from 'typebox';
import { ALERT_CHANNELS, ALERT_KINDS, ALERT_MAIL_MODES, type AlertKind } from '../domain/alert-kinds.js';
import { Uuid } from './common.js';

// The kinds, channels and modes are domain constants (domain/alert-kinds.ts): the console's texts
// import them without this file's schemas, which the sign-in page must not carry.
export {
  ALERT_CHANNELS,
  ALERT_KINDS,
  ALERT_MAIL_MODES,
  DEFAULT_ALERT_CHANNEL,
  DEFAULT_ALERT_MAIL_SETTINGS,
  alertKindOf,
  mailsAlert,
  showsAlert,
  type AlertChannel,
  type AlertKind,
  type AlertMailMode,
} from '../domain/alert-kinds.js';

const Channel = Type.Enum(ALERT_CHANNELS);
const channelFields = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, Channel])) as Record<AlertKind, typeof Channel>;

export const NotificationPreferencesQuery = Type.Object({ company_id: Uuid }, { additionalProperties: false });

/** The caller's choices for one company's alerts, and how their alert mails leave (the same for every company). */
export const NotificationPreferencesResponse = Type.Object({
  company_id: Uuid,
  email_mode: Type.Enum(ALERT_MAIL_MODES),
  digest_hour: Type.Integer({ minimum: 0, maximum: 23 }),
  channels: Type.Object(channelFields),
});
export type NotificationPreferences = Static<typeof NotificationPreferencesResponse>;

/** Changes: the mode and hour, and any kinds' channels (kinds left out keep theirs). */
export const NotificationPreferencesBody = Type.Object(
  {
    company_id: Uuid,
    email_mode: Type.Optional(Type.Enum(ALERT_MAIL_MODES)),
    digest_hour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
    channels: Type.Optional(Type.Partial(Type.Object(channelFields), { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type NotificationPreferencesChange = Static<typeof NotificationPreferencesBody>;
