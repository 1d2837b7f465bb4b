import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { invalid } from '../http/errors.js';
import { errorResponses, Uuid } from '../http/schemas.js';
import { FILTER_FIELDS } from '../repositories/filter-options.js';
import { searchText } from '../http/paging.js';

const Params = Type.Object({ model_name: Type.String({ maxLength: 50 }), field_name: Type.String({ maxLength: 50 }) });
const Query = Type.Object({ company_id: Type.Optional(Uuid), search: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });
const Response = Type.Object({ results: Type.Array(Type.Object({ value: Type.String(), label: Type.String(), count: Type.Integer() })) });

/** Distinct values for the column filter dialog (spec §2), from an allow-list of fields. */
export async function filterOptionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/filter_options/:model_name/:field_name',
    { schema: { tags: ['search'], params: Params, querystring: Query, response: { 200: Response, ...errorResponses } } },
    async (request) => {
      const { model_name, field_name } = request.params;
      const results = await ctx.repos.filterOptions.options(model_name, field_name, {
        userId: request.identity.userId,
        companyId: request.query.company_id,
        search: searchText(request.query),
      });
      if (!results) {
        const known = FILTER_FIELDS[model_name];
        throw invalid(known ? { field_name: `Filterable fields: ${Object.keys(known).join(', ')}.` } : { model_name: `Filterable models: ${Object.keys(FILTER_FIELDS).join(', ')}.` });
      }
      return { results };
    },
  );
}
