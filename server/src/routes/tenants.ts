import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { idFilter, paging, searchText } from '../http/paging.js';
import { errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { TenantCreateBody, TenantListQuery, TenantPage, TenantResponse, TenantUpdateBody } from '../schemas/tenants.js';

export async function tenantRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['tenants'];
  const { tenants, users } = ctx.repos;

  /** Tenant management is the multi-tenant feature: off unless the user switched it on (spec §6). */
  async function assertTenantFeature(request: FastifyRequest): Promise<void> {
    const user = await users.findById(request.identity.userId);
    if (user?.is_tenant_enabled !== 1) throw forbidden('Tenant management is not enabled for this user.');
  }

  async function owned(request: FastifyRequest, id: string) {
    await assertTenantFeature(request);
    const tenant = await tenants.findOwned(request.identity.userId, id);
    if (!tenant) throw notFound();
    return tenant;
  }

  api.get(
    '/tenant/',
    { schema: { operationId: 'listTenants', summary: 'List tenants', tags, querystring: TenantListQuery, response: { 200: TenantPage, ...errorResponses } } },
    async (request) => {
      await assertTenantFeature(request);
      const q = request.query;
      return tenants.list(request.identity.userId, { search: searchText(q), ids: idFilter(q), descending: q.ordering === '-name', ...paging(q) });
    },
  );

  api.post(
    '/tenant/',
    { schema: { operationId: 'createTenant', summary: 'Create a tenant', tags, body: TenantCreateBody, response: { 201: TenantResponse, ...errorResponses } } },
    async (request, reply) => {
      await assertTenantFeature(request);
      const tenant = await tenants.create(request.identity.userId, request.body, ctx.now().toISOString());
      return reply.code(201).send(tenant);
    },
  );

  // Reading one tenant is also open to members of its companies: the console shows its branding.
  api.get(
    '/tenant/:id/',
    { schema: { operationId: 'getTenant', summary: 'Get a tenant', tags, params: IdParams, response: { 200: TenantResponse, ...errorResponses } } },
    async (request) => {
      const tenant = await tenants.findVisible(request.identity.userId, request.params.id);
      if (!tenant) throw notFound();
      return tenant;
    },
  );

  api.patch(
    '/tenant/:id/',
    {
      schema: {
        operationId: 'updateTenant',
        summary: 'Change a tenant',
        tags,
        params: IdParams,
        body: TenantUpdateBody,
        response: { 200: TenantResponse, ...errorResponses },
      },
    },
    async (request) => {
      await owned(request, request.params.id);
      await tenants.update(request.params.id, request.body);
      return owned(request, request.params.id);
    },
  );

  api.delete(
    '/tenant/:id/',
    { schema: { operationId: 'deleteTenant', summary: 'Delete a tenant', tags, params: IdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await owned(request, request.params.id);
      await tenants.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
