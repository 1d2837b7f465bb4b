import { Type, type Static } from 'typebox';
import { errorCode, IdsFilter, ListQueryFields, Page, SecretString, Timestamp, Uuid } from './common.js';
import { WEBHOOK_DELIVERY_ERROR_TEXTS, type WebhookDeliveryErrorCode } from './messages.js';

export const WebhookUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048, ...errorCode('url_invalid') });
export const WebhookHeaderName = Type.String({ pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$", ...errorCode('header_name_invalid') });
export const WebhookResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  url: Type.String(),
  header_name: Type.Union([Type.String(), Type.Null()]),
  has_header_value: Type.Boolean(),
  enabled: Type.Boolean(),
  created_at: Timestamp,
});
export type Webhook = Static<typeof WebhookResponse>;
/** The answer to creating a webhook or rotating its secret: the only answers that carry the secret (no-store, as any answer with a SecretString). */
export const WebhookWithSecretResponse = Type.Object({
  ...WebhookResponse.properties,
  secret: SecretString({ description: 'whsec_…: verifies the webhook-signature header of each delivery (Standard Webhooks). Shown once.' }),
});
export type WebhookWithSecret = Static<typeof WebhookWithSecretResponse>;
export const WebhookCreateBody = Type.Object(
  {
    company_id: Uuid,
    url: WebhookUrl,
    header_name: Type.Optional(Type.Union([WebhookHeaderName, Type.Null()])),
    header_value: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const WebhookUpdateBody = Type.Partial(Type.Omit(WebhookCreateBody, ['company_id']), { additionalProperties: false });
export const WebhookDeliveryResponse = Type.Object({
  id: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  next_attempt_at: Timestamp,
  /** Our own category of why it was not delivered (WEBHOOK_DELIVERY_ERROR_TEXTS), never the network's error text. */
  last_error: Type.Union([Type.Enum(Object.keys(WEBHOOK_DELIVERY_ERROR_TEXTS) as WebhookDeliveryErrorCode[]), Type.Null()]),
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  duration_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'How long the last attempt took until the receiver answered or the connection failed, in milliseconds; null before the first attempt.',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WebhookDelivery = Static<typeof WebhookDeliveryResponse>;
export const WebhookDeliveriesResponse = Type.Array(WebhookDeliveryResponse);

export const WebhookListQuery = Type.Object(
  { company_id: Type.Optional(Uuid), id: Type.Optional(Uuid), ids: IdsFilter, page: ListQueryFields.page, page_size: ListQueryFields.page_size },
  { additionalProperties: false },
);
export const WebhookPage = Page(WebhookResponse);
