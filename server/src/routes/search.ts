import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { errorResponses } from '../http/schemas.js';
import { SEARCH_TYPES } from '../repositories/search.js';

const SearchQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: 200 })), include_tenants: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const SearchResponse = Type.Object({
  results: Type.Array(Type.Object({ type: Type.Enum(SEARCH_TYPES), id: Type.String(), name: Type.Optional(Type.String()) })),
});

/**
 * Global search (spec §2, §7): devices, gateways, units, groups, companies, events of the
 * caller's companies, and tenants when asked for and the tenant feature is on. Blank → nothing.
 */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/search/', { schema: { tags: ['search'], querystring: SearchQuery, response: { 200: SearchResponse, ...errorResponses } } }, async (request) => {
    const text = request.query.q?.trim() ?? '';
    if (!text) return { results: [] };
    let includeTenants = request.query.include_tenants === true;
    if (includeTenants) includeTenants = (await ctx.repos.users.findById(request.identity.userId))?.is_tenant_enabled === 1;
    const hits = await ctx.repos.search.search(request.identity.userId, text, includeTenants);
    // The console shows the id when a record has no name (spec §3).
    return { results: hits.map((hit) => (hit.name ? hit : { type: hit.type, id: hit.id })) };
  });
}
