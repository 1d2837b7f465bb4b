import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { errorResponses } from '../schemas/common.js';
import { SearchQuery, SearchResponse } from '../schemas/search.js';

/**
 * Global search (spec §2, §7): devices, gateways, units, groups, companies of the caller's
 * companies, tenants when asked for and the tenant feature is on, and matches among each company's
 * newest events (issue #24: a device's older events are searched on its page). Blank → nothing.
 */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/search/',
    {
      schema: {
        operationId: 'search',
        summary: 'Search devices, gateways, profiles and more across your companies',
        tags: ['search'],
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errorResponses },
      },
    },
    async (request) => {
      const text = request.query.q?.trim() ?? '';
      if (!text) return { results: [] };
      let includeTenants = request.query.include_tenants === true;
      if (includeTenants) includeTenants = (await ctx.repos.users.findById(request.identity.userId))?.is_tenant_enabled === 1;
      return { results: await ctx.repos.search.search(request.identity.userId, text, includeTenants) };
    },
  );
}
