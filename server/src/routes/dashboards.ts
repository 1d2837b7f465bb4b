import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { paging } from '../http/paging.js';
import { errorResponses, IdParams, Page } from '../http/schemas.js';
import { DashboardCreateBody, DashboardListQuery, DashboardResponse, DashboardUpdateBody } from './dashboards.schemas.js';
import { assertCompanyMember } from './scope.js';

/**
 * Dashboards (spec §6): private ones are their owner's alone, shared ones every member's.
 * Members may arrange widgets on a shared dashboard; only its owner renames, shares or deletes it.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['dashboards'];
  const { dashboards } = ctx.repos;

  async function owned(userId: string, id: string) {
    const dashboard = await dashboards.find(userId, id);
    if (!dashboard) throw notFound();
    if (!dashboard.is_owner) throw forbidden('Only the owner of a dashboard can change or delete it.');
    return dashboard;
  }

  api.get('/dashboard/', { schema: { tags, querystring: DashboardListQuery, response: { 200: Page(DashboardResponse), ...errorResponses } } }, async (request) =>
    dashboards.list(request.identity.userId, { companyId: request.query.company_id, ...paging(request.query) }),
  );

  api.post('/dashboard/', { schema: { tags, body: DashboardCreateBody, response: { 201: DashboardResponse, ...errorResponses } } }, async (request, reply) => {
    const { company_id, name, is_shared } = request.body;
    await assertCompanyMember(ctx, request.identity.userId, company_id);
    const id = await dashboards.create(request.identity.userId, company_id, name, is_shared ?? false, ctx.now().toISOString());
    const created = await dashboards.find(request.identity.userId, id);
    if (!created) throw notFound();
    return reply.code(201).send(created);
  });

  api.patch(
    '/dashboard/:id/',
    { schema: { tags, params: IdParams, body: DashboardUpdateBody, response: { 200: DashboardResponse, ...errorResponses } } },
    async (request) => {
      const dashboard = await owned(request.identity.userId, request.params.id);
      await dashboards.update(dashboard.id, request.body);
      return (await dashboards.find(request.identity.userId, dashboard.id)) ?? dashboard;
    },
  );

  api.delete('/dashboard/:id/', { schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } } }, async (request, reply) => {
    const dashboard = await owned(request.identity.userId, request.params.id);
    await dashboards.remove(dashboard.id);
    return reply.code(204).send(null);
  });
}
