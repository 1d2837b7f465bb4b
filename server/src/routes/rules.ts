import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { topicsRead } from '../domain/rules/evaluate.js';
import { replayRule } from '../domain/rules/replay.js';
import { notFound } from '../http/errors.js';
import { paging } from '../http/paging.js';
import { conflictResponses, errorResponses, IdParams, NoContent } from '../schemas/common.js';
import {
  RuleCreateBody,
  RuleFiringListQuery,
  RuleFiringListResponse,
  RuleListQuery,
  RuleListResponse,
  RulePreviewBody,
  RulePreviewResponse,
  RuleResponse,
  RuleTopicsQuery,
  RuleTopicsResponse,
  RuleUpdateBody,
} from '../schemas/rules.js';
import { assertCompanyMember } from './company-access.js';
import { checkRule } from './rule-checks.js';

const DAY_MS = 86_400_000;
/** Samples a preview replays at most; more are cut off (the answer says so). */
const PREVIEW_SAMPLES = 50_000;

/** Rules of a company (issue #23): CRUD, the history of their firings, a preview over the last 24 h, the topics of a scope. */
export async function ruleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['rules'];
  const { rules, ruleScope } = ctx.repos;

  async function visibleRule(userId: string, id: string) {
    const rule = await rules.find(id);
    if (!rule || !(await ctx.repos.companies.isMember(userId, rule.company_id))) throw notFound();
    return rule;
  }

  api.get(
    '/rule/',
    {
      schema: {
        operationId: 'listRules',
        summary: 'List the rules of a company with their state',
        tags,
        querystring: RuleListQuery,
        response: { 200: RuleListResponse, ...errorResponses },
      },
    },
    async (request) => {
      await assertCompanyMember(ctx, request.identity.userId, request.query.company_id);
      return rules.list(request.query.company_id, { ...paging(request.query), search: request.query.search, ordering: request.query.ordering });
    },
  );

  api.post(
    '/rule/',
    {
      schema: {
        operationId: 'createRule',
        summary: 'Create a rule',
        tags,
        body: RuleCreateBody,
        response: { 201: RuleResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request, reply) => {
      await assertCompanyMember(ctx, request.identity.userId, request.body.company_id);
      await checkRule(ctx, request.body.company_id, request.body);
      const rule = await rules.create(request.body, ctx.now().toISOString());
      ctx.rules.invalidate(rule.company_id);
      return reply.code(201).send(rule);
    },
  );

  api.post(
    '/rule/preview',
    {
      schema: {
        operationId: 'previewRule',
        summary: 'Replay a rule over the last 24 hours of its scope and answer when it would have fired',
        tags,
        body: RulePreviewBody,
        response: { 200: RulePreviewResponse, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      await assertCompanyMember(ctx, request.identity.userId, body.company_id);
      await checkRule(ctx, body.company_id, body);
      const to = ctx.now();
      const from = new Date(to.getTime() - DAY_MS).toISOString();
      const definition = { condition: body.condition, schedule: body.schedule ?? null, hysteresis: body.hysteresis ?? 0 };
      const devices = await ruleScope.devices(body.company_id, body.scope, body.scope_id);
      const ids = devices.map((device) => device.id);
      const samples = await ruleScope.samples(ids, topicsRead(definition), from, PREVIEW_SAMPLES + 1);
      const logs = await ruleScope.logs(ids, from, PREVIEW_SAMPLES);
      const truncated = samples.length > PREVIEW_SAMPLES;
      const replayed = replayRule(
        definition,
        devices.map((device) => ({ id: device.id, name: device.name || device.dev_eui, battery_level: device.battery_level })),
        samples.slice(0, PREVIEW_SAMPLES),
        logs,
      );
      return { from, to: to.toISOString(), samples: Math.min(samples.length, PREVIEW_SAMPLES), truncated, transitions: replayed };
    },
  );

  api.get(
    '/rule/topics',
    {
      schema: {
        operationId: 'listRuleTopics',
        summary: "List the topics of a rule scope's devices with a recent value",
        tags,
        querystring: RuleTopicsQuery,
        response: { 200: RuleTopicsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { company_id, scope, scope_id } = request.query;
      await assertCompanyMember(ctx, request.identity.userId, company_id);
      const topics = await ruleScope.topics(company_id, scope, scope_id ?? null);
      return { items: topics.map((item) => ({ ...item, numeric: typeof item.sample === 'number' })) };
    },
  );

  api.get(
    '/rule/:id',
    { schema: { operationId: 'getRule', summary: 'Get a rule with its state', tags, params: IdParams, response: { 200: RuleResponse, ...errorResponses } } },
    async (request) => visibleRule(request.identity.userId, request.params.id),
  );

  api.patch(
    '/rule/:id',
    {
      schema: {
        operationId: 'updateRule',
        summary: 'Change a rule',
        tags,
        params: IdParams,
        body: RuleUpdateBody,
        response: { 200: RuleResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request) => {
      const rule = await visibleRule(request.identity.userId, request.params.id);
      const scope = request.body.scope ?? rule.scope;
      const scopeId = request.body.scope_id !== undefined ? request.body.scope_id : rule.scope_id;
      await checkRule(ctx, rule.company_id, { ...request.body, scope, scope_id: scopeId });
      const updated = await rules.update(rule.id, { ...request.body, scope, scope_id: scopeId }, ctx.now().toISOString());
      ctx.rules.invalidate(rule.company_id);
      if (!updated) throw notFound();
      return updated;
    },
  );

  api.delete(
    '/rule/:id',
    {
      schema: { operationId: 'deleteRule', summary: 'Delete a rule and its history', tags, params: IdParams, response: { 204: NoContent, ...errorResponses } },
    },
    async (request, reply) => {
      const rule = await visibleRule(request.identity.userId, request.params.id);
      await rules.remove(rule.id);
      ctx.rules.invalidate(rule.company_id);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/rule/:id/firings',
    {
      schema: {
        operationId: 'listRuleFirings',
        summary: 'List the firings of a rule with the values that caused them',
        tags,
        params: IdParams,
        querystring: RuleFiringListQuery,
        response: { 200: RuleFiringListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const rule = await visibleRule(request.identity.userId, request.params.id);
      return rules.firings(rule.id, paging(request.query));
    },
  );
}
