import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { paging } from '../http/paging.js';
import { errorResponses, NoContent, Page } from '../schemas/common.js';
import {
  NotificationBulkBody,
  NotificationBulkResponse,
  NotificationListQuery,
  NotificationMarkBody,
  NotificationParams,
  NotificationResponse,
} from '../schemas/notifications.js';

/** The signed-in user's notifications (spec §7 user rows): unread first, then newest. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['notifications'];
  const { notifications } = ctx.repos;

  api.get(
    '/user/notifications/',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'List your notifications',
        tags,
        querystring: NotificationListQuery,
        response: { 200: Page(NotificationResponse), ...errorResponses },
      },
    },
    async (request) => notifications.list(request.identity.userId, { unreadOnly: request.query.unread === true, ...paging(request.query) }),
  );

  // Declared before /:notification_id so the static path wins.
  api.patch(
    '/user/notifications/bulk-mark-read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark several notifications read',
        tags,
        body: NotificationBulkBody,
        response: { 200: NotificationBulkResponse, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const updated = await notifications.markRead(request.identity.userId, 'all' in body ? 'all' : body.ids, true);
      return { updated };
    },
  );

  api.patch(
    '/user/notifications/:notification_id',
    {
      schema: {
        operationId: 'updateNotification',
        summary: 'Mark a notification read or unread',
        tags,
        params: NotificationParams,
        body: NotificationMarkBody,
        response: { 200: NotificationResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.identity.userId;
      if (!(await notifications.find(userId, request.params.notification_id))) throw notFound();
      await notifications.markRead(userId, [request.params.notification_id], request.body.is_read);
      const updated = await notifications.find(userId, request.params.notification_id);
      if (!updated) throw notFound();
      return updated;
    },
  );

  api.delete(
    '/user/notifications/:notification_id',
    {
      schema: {
        operationId: 'deleteNotification',
        summary: 'Delete a notification',
        tags,
        params: NotificationParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await notifications.find(request.identity.userId, request.params.notification_id))) throw notFound();
      await notifications.remove(request.identity.userId, request.params.notification_id);
      return reply.code(204).send(null);
    },
  );
}
