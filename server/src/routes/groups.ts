import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { idFilter, paging, searchText } from '../http/paging.js';
import { errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { GroupCreateBody, GroupListQuery, GroupPage, GroupResponse, GroupUpdateBody } from '../schemas/units.js';
import { assertCompanyMember } from './company-access.js';

/** Unit groups (spec §7 "Groups"); deleting a group leaves its units ungrouped. */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['groups'];
  const { groups } = ctx.repos;

  async function mine(userId: string, id: string) {
    const group = await groups.find(userId, id);
    if (!group) throw notFound();
    return group;
  }

  api.get(
    '/group/',
    {
      schema: { operationId: 'listGroups', summary: 'List device groups', tags, querystring: GroupListQuery, response: { 200: GroupPage, ...errorResponses } },
    },
    async (request) => {
      const q = request.query;
      return groups.list(request.identity.userId, {
        companyId: q.company_id,
        ids: idFilter(q),
        search: searchText(q),
        descending: q.ordering === '-name',
        ...paging(q),
      });
    },
  );

  api.post(
    '/group/',
    {
      schema: {
        operationId: 'createGroup',
        summary: 'Create a device group',
        tags,
        body: GroupCreateBody,
        response: { 201: GroupResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertCompanyMember(ctx, request.identity.userId, request.body.company_id);
      const id = await groups.create(request.body.company_id, request.body.name, ctx.now().toISOString());
      return reply.code(201).send(await mine(request.identity.userId, id));
    },
  );

  api.patch(
    '/group/:id/',
    {
      schema: {
        operationId: 'updateGroup',
        summary: 'Change a device group',
        tags,
        params: IdParams,
        body: GroupUpdateBody,
        response: { 200: GroupResponse, ...errorResponses },
      },
    },
    async (request) => {
      await mine(request.identity.userId, request.params.id);
      await groups.rename(request.params.id, request.body.name);
      return mine(request.identity.userId, request.params.id);
    },
  );

  api.delete(
    '/group/:id/',
    { schema: { operationId: 'deleteGroup', summary: 'Delete a device group', tags, params: IdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await mine(request.identity.userId, request.params.id);
      await groups.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
