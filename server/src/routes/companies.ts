import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { roleAtLeast } from '../domain/roles.js';
import { paging, searchText } from '../http/paging.js';
import { errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { networkChanges } from './network-changes.js';
import { CompanyCreateBody, CompanyListQuery, CompanyPage, CompanyPeopleResponse, CompanyResponse, CompanyUpdateBody } from '../schemas/companies.js';

export async function companyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['companies'];
  const { companies, tenants, invites, memberships } = ctx.repos;
  const network = networkChanges(ctx);

  /** A company may only be put under a tenant the caller owns. */
  async function assertOwnTenant(userId: string, tenantId: string | null | undefined): Promise<void> {
    if (tenantId && !(await tenants.findOwned(userId, tenantId))) throw invalid({ tenant_id: { code: 'no_such_tenant' } });
  }

  async function mine(userId: string, companyId: string) {
    const company = await companies.find(userId, companyId);
    if (!company) throw notFound();
    return company;
  }

  api.get(
    '/company/',
    {
      schema: {
        operationId: 'listCompanies',
        summary: 'List your companies',
        tags,
        querystring: CompanyListQuery,
        response: { 200: CompanyPage, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      return companies.list(request.identity.userId, {
        search: searchText(q),
        tenantId: q.tenant_id,
        id: q.id,
        ordering: q.ordering ?? 'name',
        ...paging(q),
      });
    },
  );

  api.post(
    '/company/',
    {
      schema: {
        operationId: 'createCompany',
        summary: 'Create a company',
        tags,
        body: CompanyCreateBody,
        response: { 201: CompanyResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertOwnTenant(request.identity.userId, request.body.tenant_id);
      const company = await companies.create(
        request.identity.userId,
        request.body.name,
        request.body.tenant_id ?? null,
        ctx.now().toISOString(),
        ctx.config.plans.newCompanyPlan,
      );
      return reply.code(201).send(company);
    },
  );

  api.get(
    '/company/:id/',
    { schema: { operationId: 'getCompany', summary: 'Get a company', tags, params: IdParams, response: { 200: CompanyResponse, ...errorResponses } } },
    async (request) => mine(request.identity.userId, request.params.id),
  );

  api.patch(
    '/company/:id/',
    {
      schema: {
        operationId: 'updateCompany',
        summary: 'Change a company',
        tags,
        params: IdParams,
        body: CompanyUpdateBody,
        response: { 200: CompanyResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.identity.userId;
      await mine(userId, request.params.id);
      await assertOwnTenant(userId, request.body.tenant_id);
      await ctx.transaction(async (tx) => {
        await tx.companies.update(request.params.id, request.body);
        await network.putApplicationIfKnown(tx, request.params.id);
      });
      return mine(userId, request.params.id);
    },
  );

  api.delete(
    '/company/:id/',
    {
      schema: {
        operationId: 'deleteCompany',
        summary: 'Delete a company and everything it owns',
        tags,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = await mine(request.identity.userId, request.params.id);
      await ctx.transaction(async (tx) => {
        // The network server drops an application's devices with it; profiles and gateways are the tenant's and go one by one.
        for (const profileId of await tx.networkEntities.profileIdsOfCompany(company.id)) await network.remove(tx, 'profile', profileId, company.id);
        for (const gateway of await tx.networkEntities.gatewaysOfCompany(company.id))
          await network.remove(tx, 'gateway', gateway.id, company.id, gateway.gateway_id);
        await network.remove(tx, 'application', company.id, company.id);
        await tx.companies.remove(company.id);
      });
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/company/:id/i_query',
    {
      schema: {
        operationId: 'getCompanyPeople',
        summary: "List a company's members and open invites",
        tags,
        params: IdParams,
        response: { 200: CompanyPeopleResponse, ...errorResponses },
      },
    },
    async (request) => {
      const company = await mine(request.identity.userId, request.params.id);
      // Invite codes admit people: only those who may invite see them.
      const mayInvite = roleAtLeast(company.role, 'admin');
      const [users, pending] = await Promise.all([memberships.list(company.id), mayInvite ? invites.pendingForCompany(company.id, ctx.now()) : []]);
      return { users, invites: pending };
    },
  );
}
