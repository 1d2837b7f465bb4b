import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { usageMonth } from '../domain/metering.js';
import { notFound } from '../http/errors.js';
import { paging, searchText } from '../http/paging.js';
import { errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { OperatorCompanyPage, OperatorCompanyQuery, OperatorCompanyUpdate, OperatorSuspendBody } from '../schemas/operator.js';

/**
 * The operator back-office (issue #17): every company with its plan, overrides, usage and
 * suspension. The permission table lets platform operators alone reach these routes; every change
 * lands in the company's audit log with the operator as its author.
 */
export async function operatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['operator'];
  const { operators } = ctx.repos;

  const existing = async (id: string): Promise<void> => {
    if (!(await operators.exists(id))) throw notFound();
  };

  api.get(
    '/operator/companies',
    {
      schema: {
        operationId: 'listOperatorCompanies',
        summary: 'Every company of the platform with its plan, overrides, devices, tokens this month and suspension (operators only)',
        tags,
        querystring: OperatorCompanyQuery,
        response: { 200: OperatorCompanyPage, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      return operators.companies(
        { search: searchText(q), plan: q.plan, suspended: q.suspended, ordering: q.ordering ?? 'name', monthStart: usageMonth(ctx.now()).firstDay },
        paging(q),
      );
    },
  );

  api.patch(
    '/operator/companies/:id',
    {
      schema: {
        operationId: 'updateOperatorCompany',
        summary: "Change a company's plan, or set or clear its device limit and token quota (operators only)",
        tags,
        params: IdParams,
        body: OperatorCompanyUpdate,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await existing(request.params.id);
      await operators.changePlan(request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/operator/companies/:id/suspend',
    {
      schema: {
        operationId: 'suspendCompany',
        summary: 'Suspend a company: its data becomes read-only, its API keys are refused, its users see the reason (operators only)',
        tags,
        params: IdParams,
        body: OperatorSuspendBody,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await existing(request.params.id);
      const contact = (await operators.emailOf(request.identity.userId)) ?? '';
      await operators.setSuspension(request.params.id, { at: ctx.now().toISOString(), reason: request.body.reason, contact });
      // This node's broker drops the company's connected gateways now; other nodes' at their next check.
      ctx.certificateRevocations.announce();
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/operator/companies/:id/resume',
    {
      schema: {
        operationId: 'resumeCompany',
        summary: 'Lift a suspension: the company may change its data and use its API keys again (operators only)',
        tags,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await existing(request.params.id);
      await operators.setSuspension(request.params.id, null);
      return reply.code(204).send(null);
    },
  );
}
