import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { paging } from '../http/paging.js';
import { errorResponses, ListQueryFields, Page, Timestamp, Uuid } from '../http/schemas.js';

const NotificationResponse = Type.Object({
  id: Type.String(),
  title: Type.String(),
  message: Type.String(),
  kind: Type.String(),
  is_read: Type.Boolean(),
  created_at: Timestamp,
});
const ListQuery = Type.Object(
  { page: ListQueryFields.page, page_size: ListQueryFields.page_size, unread: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const Params = Type.Object({ notification_id: Uuid });
const MarkBody = Type.Object({ is_read: Type.Boolean() }, { additionalProperties: false });
const BulkBody = Type.Union([
  Type.Object({ ids: Type.Array(Uuid, { minItems: 1, maxItems: 1000 }) }, { additionalProperties: false }),
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
]);

/** The signed-in user's notifications (spec §7 user rows): unread first, then newest. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['notifications'];
  const { notifications } = ctx.repos;

  api.get('/user/notifications/', { schema: { tags, querystring: ListQuery, response: { 200: Page(NotificationResponse), ...errorResponses } } }, async (request) =>
    notifications.list(request.identity.userId, { unreadOnly: request.query.unread === true, ...paging(request.query) }),
  );

  // Declared before /:notification_id so the static path wins.
  api.patch(
    '/user/notifications/bulk-mark-read',
    { schema: { tags, body: BulkBody, response: { 200: Type.Object({ updated: Type.Integer() }), ...errorResponses } } },
    async (request) => {
      const body = request.body;
      const updated = await notifications.markRead(request.identity.userId, 'all' in body ? 'all' : body.ids, true);
      return { updated };
    },
  );

  api.patch(
    '/user/notifications/:notification_id',
    { schema: { tags, params: Params, body: MarkBody, response: { 200: NotificationResponse, ...errorResponses } } },
    async (request) => {
      const userId = request.identity.userId;
      if (!(await notifications.find(userId, request.params.notification_id))) throw notFound();
      await notifications.markRead(userId, [request.params.notification_id], request.body.is_read);
      const updated = await notifications.find(userId, request.params.notification_id);
      if (!updated) throw notFound();
      return updated;
    },
  );

  api.delete('/user/notifications/:notification_id', { schema: { tags, params: Params, response: { 204: Type.Null(), ...errorResponses } } }, async (request, reply) => {
    if (!(await notifications.find(request.identity.userId, request.params.notification_id))) throw notFound();
    await notifications.remove(request.identity.userId, request.params.notification_id);
    return reply.code(204).send(null);
  });
}
