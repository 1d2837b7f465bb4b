import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { conflictResponses, errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { CompanyMemberResponse } from '../schemas/companies.js';
import { OperatorTenantPage, OperatorTenantQuery, OperatorUserPage, OperatorUserQuery } from '../schemas/operator.js';
import { TenantUpdateBody } from '../schemas/tenants.js';
import { notFound, refused } from '../http/errors.js';
import { paging, searchText } from '../http/paging.js';

/**
 * The back-office's lists over the whole platform (issue #17): every reseller tenant (its
 * branding editable), every user (operator rights granted and revoked, as `npm run operator`
 * does), and a company's members. Operators alone reach them (the permission table); every
 * change lands in the audit log of the companies concerned, with the operator as its author.
 */
export async function operatorDirectoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['operator'];
  const { operatorDirectory, operators, tenants, memberships } = ctx.repos;
  const configured = ctx.config.plans.operatorEmails;

  api.get(
    '/operator/tenants',
    {
      schema: {
        operationId: 'listOperatorTenants',
        summary: 'Every reseller tenant of the platform with its owners, companies and devices (operators only)',
        tags,
        querystring: OperatorTenantQuery,
        response: { 200: OperatorTenantPage, ...errorResponses },
      },
    },
    async (request) => operatorDirectory.tenants({ search: searchText(request.query), ordering: request.query.ordering ?? 'name' }, paging(request.query)),
  );

  api.patch(
    '/operator/tenants/:id',
    {
      schema: {
        operationId: 'updateOperatorTenant',
        summary: "Change a tenant's name or branding (logo, colour) (operators only)",
        tags,
        params: IdParams,
        body: TenantUpdateBody,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await operatorDirectory.tenantExists(request.params.id))) throw notFound();
      await tenants.update(request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/operator/users',
    {
      schema: {
        operationId: 'listOperatorUsers',
        summary: 'Every user of the platform with companies and roles, verification, operator rights and last sign-in (operators only)',
        tags,
        querystring: OperatorUserQuery,
        response: { 200: OperatorUserPage, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      return operatorDirectory.users(
        { search: searchText(q), operator: q.operator, verified: q.verified, ordering: q.ordering ?? 'email', configured },
        paging(q),
      );
    },
  );

  api.put(
    '/operator/users/:id/operator',
    {
      schema: {
        operationId: 'grantOperator',
        summary: 'Make a user a platform operator, as `npm run operator -- grant` does (operators only)',
        tags,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = await operatorDirectory.userEmail(request.params.id);
      if (email === undefined) throw notFound();
      // Named in OPERATOR_EMAILS already: a grant would outlive its removal from there.
      if (!configured.includes(email)) await operators.setOperator(request.params.id, email, true, ctx.now());
      return reply.code(204).send(null);
    },
  );

  api.delete(
    '/operator/users/:id/operator',
    {
      schema: {
        operationId: 'revokeOperator',
        summary: "Take a user's operator rights back, as `npm run operator -- revoke` does; not one's own, not those of OPERATOR_EMAILS (operators only)",
        tags,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses, ...conflictResponses },
      },
    },
    async (request, reply) => {
      const email = await operatorDirectory.userEmail(request.params.id);
      if (email === undefined) throw notFound();
      // The one revoking stays an operator: the back-office never locks out the last one at it.
      if (request.params.id === request.identity.userId) throw refused('operator_self');
      if (configured.includes(email)) throw refused('operator_environment');
      await operators.setOperator(request.params.id, email, false, ctx.now());
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/operator/companies/:id/members',
    {
      schema: {
        operationId: 'listOperatorCompanyMembers',
        summary: "A company's members with their roles (operators only)",
        tags,
        params: IdParams,
        response: { 200: Type.Array(CompanyMemberResponse), ...errorResponses },
      },
    },
    async (request) => {
      if (!(await operators.exists(request.params.id))) throw notFound();
      return memberships.list(request.params.id);
    },
  );
}
