import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { usageMonth } from '../domain/metering.js';
import { deviceLimitOf, SAMPLE_RETENTION_DAYS, tokenQuotaOf } from '../domain/plans.js';
import { bill, PLAN_RULES } from '../domain/pricing.js';
import { lastTwelveMonths, monthlyTotals, projectedTokens } from '../domain/usage.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { BillQuery, BillResponse, UsageQuery, UsageResponse, type Usage } from '../schemas/usage.js';
import { assertCompanyMember } from './company-access.js';

/**
 * The company whose usage and bill are asked for must be the caller's; its admins and owners alone
 * pass the permission table (domain/permissions.ts) to get here.
 */
export async function assertBillingViewer(ctx: AppContext, userId: string, companyId: string): Promise<void> {
  await assertCompanyMember(ctx, userId, companyId);
}

/** A company's plan, devices and tokens this month and the 12 months before (usage page, operator back-office). */
export async function companyUsage(ctx: AppContext, companyId: string, at: Date): Promise<Usage> {
  const { companyPlans, tokenUsage } = ctx.repos;
  const plan = await companyPlans.find(companyId);
  if (!plan) throw notFound();
  const devices = await companyPlans.deviceCount(companyId);
  const { month, firstDay, nextFirstDay } = usageMonth(at);
  const year = lastTwelveMonths(at);
  const daily = await tokenUsage.daily(companyId, year.firstDay, nextFirstDay);
  const thisMonth = daily.filter((row) => row.day >= firstDay);
  const used = thisMonth.reduce((sum, row) => sum + row.tokens, 0);
  const quota = tokenQuotaOf(plan.plan, plan, devices);
  return {
    company_id: companyId,
    plan: plan.plan,
    suspended: plan.suspended_at !== null,
    month,
    devices: { count: devices, limit: deviceLimitOf(plan.plan, plan) },
    tokens: { used, quota, remaining: Math.max(0, quota - used), overage: PLAN_RULES[plan.plan].overage, daily: thisMonth },
    sample_retention_days: SAMPLE_RETENTION_DAYS[plan.plan],
    history: monthlyTotals(year.months, daily),
  };
}

export async function usageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['usage'];

  api.get(
    '/usage/',
    {
      schema: {
        operationId: 'getUsage',
        summary: "A company's plan, devices and API tokens this month, with the last 12 months",
        tags,
        querystring: UsageQuery,
        response: { 200: UsageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await assertBillingViewer(ctx, request.identity.userId, request.query.company_id);
      return companyUsage(ctx, request.query.company_id, ctx.now());
    },
  );

  api.get(
    '/usage/bill',
    {
      schema: {
        operationId: 'getBillPreview',
        summary: "The month's projected bill, itemised as the pricing calculator itemises it",
        tags,
        querystring: BillQuery,
        response: { 200: BillResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { company_id: companyId, billing = 'monthly' } = request.query;
      await assertBillingViewer(ctx, request.identity.userId, companyId);
      const at = ctx.now();
      const usage = await companyUsage(ctx, companyId, at);
      const projected = projectedTokens(usage.tokens.used, at);
      // Gateways are bought or leased outside the platform: the preview bills devices and tokens.
      const quote = bill(usage.plan, {
        devices: usage.devices.count,
        tokens: projected,
        freeTokens: usage.tokens.quota,
        gatewaysWithLte: 0,
        gatewaysWithoutLte: 0,
        gatewayAcquisition: 'purchase',
        billing,
      });
      return { ...quote, projected_tokens: projected };
    },
  );
}
