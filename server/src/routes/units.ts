import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { idFilter, paging, searchText } from '../http/paging.js';
import { errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { UnitCreateBody, UnitListQuery, UnitPage, UnitResponse, UnitUpdateBody } from '../schemas/units.js';
import { assertCompanyMember } from './company-access.js';

export async function unitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['units'];
  const { units, groups } = ctx.repos;

  async function mine(userId: string, id: string) {
    const unit = await units.find(userId, id);
    if (!unit) throw notFound();
    return unit;
  }

  async function assertGroup(companyId: string, groupId: string | null | undefined) {
    if (groupId && !(await groups.inCompany(companyId, groupId))) throw invalid({ group: { code: 'no_such_group' } });
  }

  api.get(
    '/unit/',
    { schema: { operationId: 'listUnits', summary: 'List units', tags, querystring: UnitListQuery, response: { 200: UnitPage, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      return units.list(request.identity.userId, {
        companyId: q.company_id,
        ids: idFilter(q),
        groupId: q.group,
        search: searchText(q),
        descending: q.ordering === '-name',
        ...paging(q),
      });
    },
  );

  api.post(
    '/unit/',
    { schema: { operationId: 'createUnit', summary: 'Create a unit', tags, body: UnitCreateBody, response: { 201: UnitResponse, ...errorResponses } } },
    async (request, reply) => {
      const { company_id, name, group } = request.body;
      await assertCompanyMember(ctx, request.identity.userId, company_id);
      await assertGroup(company_id, group);
      const id = await units.create(company_id, name, group ?? null, ctx.now().toISOString());
      return reply.code(201).send(await mine(request.identity.userId, id));
    },
  );

  api.put(
    '/unit/:id/',
    {
      schema: {
        operationId: 'updateUnit',
        summary: 'Change a unit',
        tags,
        params: IdParams,
        body: UnitUpdateBody,
        response: { 200: UnitResponse, ...errorResponses },
      },
    },
    async (request) => {
      const unit = await mine(request.identity.userId, request.params.id);
      await assertGroup(unit.company_id, request.body.group);
      await units.update(unit.id, { name: request.body.name, group_id: request.body.group });
      return mine(request.identity.userId, unit.id);
    },
  );

  api.delete(
    '/unit/:id/',
    { schema: { operationId: 'deleteUnit', summary: 'Delete a unit', tags, params: IdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await mine(request.identity.userId, request.params.id);
      await units.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
