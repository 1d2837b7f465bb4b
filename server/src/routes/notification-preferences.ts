import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { NotificationPreferencesBody, NotificationPreferencesQuery, NotificationPreferencesResponse } from '../schemas/notification-preferences.js';

/** The caller's choices of how a company's alerts reach them (in the console, by mail, both, none) and how alert mails leave. */
export async function notificationPreferenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['notifications'];
  const { notificationPreferences } = ctx.repos;

  api.get(
    '/user/notification-preferences/',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        summary: "Your choices for a company's alerts",
        tags,
        querystring: NotificationPreferencesQuery,
        response: { 200: NotificationPreferencesResponse, ...errorResponses },
      },
    },
    async (request) => {
      // The access check lets a query name any company (lists answer empty); these are a member's choices only.
      if (!(await ctx.repos.memberships.find(request.identity.userId, request.query.company_id))) throw notFound();
      return notificationPreferences.get(request.identity.userId, request.query.company_id);
    },
  );

  api.put(
    '/user/notification-preferences/',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        summary: "Change your choices for a company's alerts",
        tags,
        body: NotificationPreferencesBody,
        response: { 200: NotificationPreferencesResponse, ...errorResponses },
      },
    },
    async (request) => {
      await notificationPreferences.update(request.identity.userId, request.body);
      return notificationPreferences.get(request.identity.userId, request.body.company_id);
    },
  );
}
