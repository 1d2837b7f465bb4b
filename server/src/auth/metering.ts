import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { retrievalTokens, secondsToMonthEnd } from '../domain/metering.js';
import { tokenQuotaOf } from '../domain/plans.js';
import { PLAN_RULES } from '../domain/pricing.js';
import { HttpProblem } from '../http/errors.js';
import type { CompanyPlan, CompanyPlansRepository } from '../repositories/company-plans.js';
import { NodeCache } from './node-cache.js';
import type { TokenMeter } from './token-meter.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on requests made with an API key: the company they are billed to, and how to charge more tokens to it. */
    metering?: { companyId: string; charge(tokens: number): void };
  }
}

/** A company_id the request names: in the query, the path or the JSON body. */
function namedCompany(request: FastifyRequest): string | undefined {
  for (const source of [request.query, request.params, request.body]) {
    if (source && typeof source === 'object' && 'company_id' in source && typeof source.company_id === 'string') return source.company_id;
  }
  return undefined;
}

/**
 * Metering of API-key requests (issue #17; session requests of the console are never billed):
 * each costs 1 token, billed to the company it names (company_id) or else to the key owner's
 * first company. Answers carry X-RateLimit-Limit (the month's free tokens), -Remaining and -Reset
 * (seconds to the month's end). Free has no overage: beyond its quota the request is refused with
 * 429 and a Retry-After at the month's end. A suspended company's API keys get 403.
 * Plans and memberships are cached for `ttlMs`, so the hot path reads nothing most of the time.
 */
export function meteringHook(meter: TokenMeter, plans: CompanyPlansRepository, now: () => Date, ttlMs: number): preHandlerHookHandler {
  const memberships = new NodeCache<string[]>(ttlMs);
  const companies = new NodeCache<{ plan: CompanyPlan; devices: number } | undefined>(ttlMs);

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.identity?.via !== 'api-key') return;
    const at = now();
    const mine = await memberships.get(request.identity.userId, at.getTime(), () => plans.companiesOf(request.identity.userId));
    const named = namedCompany(request);
    const companyId = named !== undefined && mine.includes(named) ? named : mine[0];
    if (companyId === undefined) return;
    const company = await companies.get(companyId, at.getTime(), async () => {
      const plan = await plans.find(companyId);
      return plan && { plan, devices: await plans.deviceCount(companyId) };
    });
    if (!company) return;
    if (company.plan.suspended_at !== null) throw new HttpProblem(403, 'suspended', 'This company is suspended: its API keys are refused.');

    const quota = tokenQuotaOf(company.plan.plan, company.plan, company.devices);
    const used = await meter.usedThisMonth(companyId, at);
    const reset = secondsToMonthEnd(at);
    reply.header('X-RateLimit-Limit', quota);
    reply.header('X-RateLimit-Reset', reset);
    if (!PLAN_RULES[company.plan.plan].overage && used >= quota) {
      reply.header('X-RateLimit-Remaining', 0);
      reply.header('Retry-After', reset);
      throw new HttpProblem(429, 'tokenQuota', "This month's API tokens of the Free plan are used up.");
    }
    reply.header('X-RateLimit-Remaining', Math.max(0, quota - used - 1));
    meter.add(companyId, 1, at);
    request.metering = { companyId, charge: (tokens) => meter.add(companyId, tokens, now()) };
  };
}

/** Charges an API-key request for the time series it returns: 1 token per started week the points span. */
export function chargeRetrieval(request: FastifyRequest, timestamps: readonly string[]): void {
  request.metering?.charge(retrievalTokens(timestamps));
}
