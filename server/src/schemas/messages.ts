/**
 * The codes the API sends instead of sentences (DESIGN §4), with their English reference text.
 * Answers carry the code and its parameters; the English text rides along for API users, while
 * the console translates the code from locales/ (the English catalogue takes these very texts
 * through admin/types/api.ts, the German one must name every code: a missing one fails the type
 * check). Placeholders are written `%{name}`, as the console's polyglot reads them.
 */

/** Why a field (or an import row) was refused. */
export const FIELD_ERROR_TEXTS = {
  required: 'This field is required.',
  unknown_field: 'Unknown field.',
  unknown_fields: 'Unknown field: %{fields}.',
  type: 'Must be of type %{type}.',
  empty: 'This field must not be empty.',
  blank: 'This field must not be blank.',
  too_short: 'Must be at least %{limit} characters.',
  too_long: 'Must be at most %{limit} characters.',
  invalid_format: 'Has an invalid format.',
  format: 'Must be a valid %{format}.',
  too_small: 'Must be at least %{limit}.',
  too_large: 'Must be at most %{limit}.',
  not_allowed: 'Is not one of the allowed values.',
  invalid: 'Is invalid.',
  dev_eui_invalid: 'DevEUI must be 16 hexadecimal digits.',
  join_eui_invalid: 'JoinEUI must be 16 hexadecimal digits.',
  app_key_invalid: 'AppKey must be 32 hexadecimal digits.',
  dev_eui_taken: 'This DevEUI is already registered.',
  dev_eui_repeated: 'This DevEUI appears earlier in the same import.',
  device_registered: 'A device with this DevEUI is already registered.',
  gateway_id_invalid: 'Gateway ID must be 16 hexadecimal digits.',
  gateway_id_taken: 'This gateway ID is already registered.',
  payload_invalid: 'Enter the bytes as hexadecimal (e.g. 01 A4 FF) or base64.',
  payload_too_long: 'A downlink carries at most %{limit} bytes.',
  json_invalid: 'Enter valid JSON, e.g. {"setpoint": 21.5}.',
  codec_missing: "The device's profile has no codec to encode JSON with: send the bytes as hex or base64.",
  codec_failed: 'The codec could not encode this: %{message}',
  name_invalid: 'Name must be text of at most 200 characters.',
  no_such_profile: 'No such device profile.',
  no_such_unit: 'No such unit.',
  no_such_device: 'No such device.',
  no_such_group: 'No such group.',
  no_such_tenant: 'No such tenant.',
  no_such_webhook: 'No such webhook.',
  not_a_member: 'Not a member of this company.',
  time_zone_invalid: 'Must be a time zone like Europe/Berlin.',
  url_invalid: 'Must be an http(s) URL.',
  header_name_invalid: 'Must be a valid HTTP header name.',
  colour_invalid: 'Must be a colour like #3B82F6.',
  expiry_in_past: 'The expiry must lie in the future.',
  range_reversed: 'The start must not lie after the end.',
  period_too_long: 'The period must not be longer than %{limit} days.',
  widget_not_table: "Only a table widget's rows can be exported.",
  widget_outside_grid: 'The widget must fit the %{columns} columns of the grid.',
  private_address: 'Webhooks must point to a public address.',
  filter_field_unknown: 'Filterable fields: %{fields}.',
  filter_model_unknown: 'Filterable models: %{models}.',
  already_added: 'Already added',
  plan_device_limit: 'The %{plan} plan allows at most %{limit} devices.',
  // Sign-up and sign-in (the texts supertokens' own forms use).
  email_invalid: 'Email is not valid',
  email_taken: 'This email already exists. Please sign in instead.',
  password_too_short: 'Password must contain at least 8 characters, including a number',
  password_too_long: "Password's length must be lesser than 100 characters",
  password_needs_letter: 'Password must contain at least one alphabet',
  password_needs_digit: 'Password must contain at least one number',
  // Changing one's address (Settings).
  email_unchanged: 'This is already your address.',
  email_in_use: 'Another account uses this address.',
  password_wrong: 'The password is not correct.',
} as const;
export type FieldErrorCode = keyof typeof FIELD_ERROR_TEXTS;
export type MessageParams = Record<string, string | number>;

/** A field's problem as the wire carries it: the code, and what its text needs. */
export interface FieldError {
  code: FieldErrorCode;
  params?: MessageParams;
}

/** Notifications by kind: title and message, with the parameters each kind is stored with. */
export const NOTIFICATION_TEXTS = {
  battery_low: { title: 'Battery low: %{name}', message: 'The battery of %{name} is at %{level} %.' },
  device_silent: {
    title: 'Device silent: %{name}',
    message: '%{name} usually reports every %{minutes} min and has not been heard since %{since}.',
  },
  certificate_expiring: {
    title: 'Gateway certificate expires soon: %{name}',
    message: 'The certificate of %{name} expires on %{expires_at}. Download a new one from the gateway page and install it on the gateway.',
  },
  gateway_disconnected: { title: 'Gateway disconnected: %{name}', message: '%{name} lost its connection to the platform.' },
  gateway_flapping: {
    title: 'Gateway flapping: %{name}',
    message: '%{name} lost its connection %{count} times within a short while. Check its power supply and backhaul.',
  },
  network_sync_failed: {
    title: 'Not in the network server: %{name}',
    message: '%{name} could not be provisioned in the network server. Open it to see why and to retry.',
  },
  downlink_failed: {
    title: 'Downlink not sent: %{name}',
    message: 'The network server refused a downlink to %{name} on FPort %{f_port}. Open the device to see why.',
  },
  device_cannot_join: {
    title: 'Device cannot join: %{name}',
    message: 'The network server rejected %{count} join requests or frames of %{name} within an hour; the last: %{reason} (%{code}).',
  },
  rule_fired: { title: '%{rule}: %{name}', message: 'The rule %{rule} fired for %{name} (%{values}).' },
  rule_resolved: { title: 'Resolved – %{rule}: %{name}', message: 'The rule %{rule} no longer holds for %{name} (%{values}).' },
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_TEXTS;

/**
 * Why an entity is not in sync with the network server: the gRPC status of ChirpStack's answer, or
 * a problem with the entity here. The network server's own message travels beside the code.
 */
export const SYNC_ERROR_TEXTS = {
  unavailable: 'The network server cannot be reached. The change is kept and sent again automatically.',
  timeout: 'The network server did not answer in time. The change is kept and sent again automatically.',
  unauthenticated: 'The network server refused the API token (CHIRPSTACK_API_TOKEN). The change is sent again automatically once it is fixed.',
  permission_denied: 'The API token may not change this in the network server.',
  invalid_argument: 'The network server refused the values.',
  not_found: 'The network server does not know something this depends on.',
  already_exists: 'The network server already has this under another owner.',
  internal: 'The network server failed on this change.',
  not_configured: 'No network server is configured.',
  profile_required: 'The network server needs a device profile for every device: choose one.',
} as const;
export type SyncErrorCode = keyof typeof SYNC_ERROR_TEXTS;

/**
 * Why a downlink failed or waits: the network server's answer to its Enqueue (the sync codes, said
 * of a downlink), the device not being provisioned, or the network server discarding it later.
 */
export const DOWNLINK_ERROR_TEXTS = {
  unavailable: 'The network server cannot be reached. The downlink is kept and sent again automatically.',
  timeout: 'The network server did not answer in time. The downlink is kept and sent again automatically.',
  unauthenticated: 'The network server refused the API token (CHIRPSTACK_API_TOKEN). The downlink is sent again automatically once it is fixed.',
  permission_denied: 'The API token may not queue downlinks in the network server.',
  invalid_argument: 'The network server refused the downlink.',
  not_found: 'The network server does not know this device.',
  already_exists: 'The network server refused the downlink as a duplicate.',
  internal: 'The network server failed on this downlink. It is sent again automatically.',
  not_configured: 'No network server is configured.',
  profile_required: 'The device needs a device profile before the network server can send it anything.',
  payload_too_large: 'The network server discarded the downlink: it is larger than the data rate allows.',
} as const;
export type DownlinkErrorCode = keyof typeof DOWNLINK_ERROR_TEXTS;

/** Why this node's subscription on the network server's broker (MQTT_URL) last failed. */
export const MQTT_LINK_ERROR_TEXTS = {
  broker_unreachable: 'The MQTT broker (MQTT_URL) cannot be reached. The connection is retried automatically.',
  broker_refused: 'The MQTT broker refused the connection: check MQTT_USERNAME and MQTT_PASSWORD.',
  connection_lost: 'The connection to the MQTT broker was lost. It is reconnected automatically; the broker keeps the events meanwhile.',
  client_id_taken: 'Another connection took over this MQTT_CLIENT_ID: each node needs its own.',
  subscription_refused: 'The MQTT broker refused the subscription: it must allow MQTT 5 shared subscriptions to application/# at QoS 1.',
  processing_failed: 'An event could not be stored. It was not acknowledged, so the broker sends it again after reconnecting.',
} as const;
export type MqttLinkErrorCode = keyof typeof MQTT_LINK_ERROR_TEXTS;

/**
 * Why a webhook delivery was not delivered, as its log shows it. Our own categories only: the
 * network's error text (errno names, "fetch failed") would tell a caller which internal ports are
 * open, so it never reaches the log.
 */
export const WEBHOOK_DELIVERY_ERROR_TEXTS = {
  blocked_address: 'The host resolves to an address webhooks may not reach (loopback, private, link-local or another special range).',
  dns_failed: 'The host name could not be resolved.',
  timeout: 'The receiver did not answer in time.',
  connection_failed: 'The connection to the receiver failed or was closed before an answer.',
  tls_failed: "The receiver's TLS certificate or handshake was refused.",
  http_status: 'The receiver answered with a status outside 2xx.',
  abandoned: 'Given up: the nodes sending it stopped before an answer.',
} as const;
export type WebhookDeliveryErrorCode = keyof typeof WEBHOOK_DELIVERY_ERROR_TEXTS;

/** Fills `%{name}` placeholders; an unknown one stays as written, so a missing value is visible. */
export function interpolate(text: string, params: MessageParams = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const fieldErrorText = (error: FieldError): string => interpolate(FIELD_ERROR_TEXTS[error.code], error.params);
