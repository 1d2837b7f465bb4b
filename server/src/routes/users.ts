import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { toUser } from '../repositories/users.js';
import { LookupParams, LookupResponse, UserResponse, UserUpdateBody } from '../schemas/users.js';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['user'];
  const isOperator = (userId: string) => ctx.repos.operators.isOperator(userId, ctx.config.plans.operatorEmails);

  api.get(
    '/user/',
    { schema: { operationId: 'getCurrentUser', summary: 'Get the signed-in user', tags, response: { 200: UserResponse, ...errorResponses } } },
    async (request) => {
      const row = await ctx.repos.users.findById(request.identity.userId);
      if (!row) throw notFound();
      return toUser(row, await isOperator(request.identity.userId));
    },
  );

  api.put(
    '/user/',
    {
      schema: {
        operationId: 'updateCurrentUser',
        summary: 'Change the signed-in user',
        tags,
        body: UserUpdateBody,
        response: { 200: UserResponse, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.users.update(request.identity.userId, request.body);
      if (!row) throw notFound();
      return toUser(row, await isOperator(request.identity.userId));
    },
  );

  api.get(
    '/user/lookup/:user_id',
    {
      schema: {
        operationId: 'lookupUser',
        summary: "Get another user's public profile",
        tags,
        params: LookupParams,
        response: { 200: LookupResponse, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.users.findSharingCompany(request.identity.userId, request.params.user_id);
      if (!row) throw notFound();
      const { id, first_name, last_name, emails, profile_picture } = toUser(row, false);
      return { id, first_name, last_name, emails, profile_picture };
    },
  );
}
