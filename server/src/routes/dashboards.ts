import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { paging, searchText } from '../http/paging.js';
import { errorResponses, IdParams, NoContent, Page } from '../schemas/common.js';
import { DashboardCreateBody, DashboardListQuery, DashboardResponse, DashboardUpdateBody } from '../schemas/dashboards.js';
import { assertCompanyMember } from './company-access.js';

/**
 * Dashboards (spec §6): a private one is its owner's alone, a shared one every company member's.
 * Members arrange widgets on a shared dashboard (widget routes); only its owner renames it,
 * changes its sharing or deletes it (403 for the others). Whatever the caller cannot see is 404.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['dashboards'];
  const { dashboards } = ctx.repos;

  async function owned(userId: string, id: string) {
    const dashboard = await dashboards.find(userId, id);
    if (!dashboard) throw notFound();
    if (!dashboard.is_owner) throw forbidden('Only the owner of a dashboard can rename, share or delete it.');
    return dashboard;
  }

  api.get(
    '/dashboard/',
    {
      schema: {
        operationId: 'listDashboards',
        summary: 'List dashboards',
        tags,
        querystring: DashboardListQuery,
        response: { 200: Page(DashboardResponse), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      return dashboards.list(request.identity.userId, { companyId: q.company_id, search: searchText(q), ordering: q.ordering ?? 'name', ...paging(q) });
    },
  );

  api.post(
    '/dashboard/',
    {
      schema: {
        operationId: 'createDashboard',
        summary: 'Create a dashboard',
        tags,
        body: DashboardCreateBody,
        response: { 201: DashboardResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = request.identity.userId;
      const { company_id, name, is_shared } = request.body;
      await assertCompanyMember(ctx, userId, company_id);
      const id = await dashboards.create(userId, company_id, name, is_shared ?? false, ctx.now().toISOString());
      const created = await dashboards.find(userId, id);
      if (!created) throw notFound();
      return reply.code(201).send(created);
    },
  );

  api.get(
    '/dashboard/:id/',
    { schema: { operationId: 'getDashboard', summary: 'Get a dashboard', tags, params: IdParams, response: { 200: DashboardResponse, ...errorResponses } } },
    async (request) => {
      const dashboard = await dashboards.find(request.identity.userId, request.params.id);
      if (!dashboard) throw notFound();
      return dashboard;
    },
  );

  api.patch(
    '/dashboard/:id/',
    {
      schema: {
        operationId: 'updateDashboard',
        summary: 'Change a dashboard',
        tags,
        params: IdParams,
        body: DashboardUpdateBody,
        response: { 200: DashboardResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.identity.userId;
      const dashboard = await owned(userId, request.params.id);
      await dashboards.update(dashboard.id, request.body);
      const updated = await dashboards.find(userId, dashboard.id);
      if (!updated) throw notFound();
      return updated;
    },
  );

  api.delete(
    '/dashboard/:id/',
    {
      schema: {
        operationId: 'deleteDashboard',
        summary: 'Delete a dashboard and its widgets',
        tags,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const dashboard = await owned(request.identity.userId, request.params.id);
      await dashboards.remove(dashboard.id);
      return reply.code(204).send(null);
    },
  );
}
