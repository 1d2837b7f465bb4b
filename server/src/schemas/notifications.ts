import { Type, type Static } from 'typebox';
import { ListQueryFields, Timestamp, Uuid } from './common.js';

/**
 * A notification: `kind` and `params` say what happened (the console renders them in the reader's
 * language, schemas/messages.ts); `title` and `message` are the same in English for API users.
 * `params` is null on notifications older than the kinds' parameters.
 */
export const NotificationResponse = Type.Object({
  id: Type.String(),
  title: Type.String(),
  message: Type.String(),
  kind: Type.String(),
  params: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])), Type.Null()]),
  is_read: Type.Boolean(),
  created_at: Timestamp,
});
export type Notification = Static<typeof NotificationResponse>;
export const NotificationListQuery = Type.Object(
  { page: ListQueryFields.page, page_size: ListQueryFields.page_size, unread: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const NotificationParams = Type.Object({ notification_id: Uuid });
export const NotificationMarkBody = Type.Object({ is_read: Type.Boolean() }, { additionalProperties: false });
export const NotificationBulkResponse = Type.Object({ updated: Type.Integer() });
export const NotificationBulkBody = Type.Union([
  Type.Object({ ids: Type.Array(Uuid, { minItems: 1, maxItems: 1000 }) }, { additionalProperties: false }),
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
]);
