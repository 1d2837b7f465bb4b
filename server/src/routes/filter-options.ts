import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { HttpProblem, messages } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { FILTER_MODELS, filterFieldsOf } from '../repositories/filter-options.js';
import { searchText } from '../http/paging.js';
import { FilterOptionParams, FilterOptionQuery, FilterOptionsResponse } from '../schemas/filter-options.js';

/** Distinct values for the column filter dialog (spec §2), from an allow-list of fields. */
export async function filterOptionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/filter_options/:model_name/:field_name',
    {
      schema: {
        operationId: 'listFilterOptions',
        summary: 'List the values a list filter offers',
        tags: ['search'],
        params: FilterOptionParams,
        querystring: FilterOptionQuery,
        response: { 200: FilterOptionsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { model_name, field_name } = request.params;
      const results = await ctx.repos.filterOptions.options(model_name, field_name, {
        userId: request.identity.userId,
        companyId: request.query.company_id,
        search: searchText(request.query),
      });
      if (!results) {
        // Unknown names are a resource that does not exist (404), with the names that do beside it.
        const known = filterFieldsOf(model_name);
        throw new HttpProblem(
          404,
          'notFound',
          messages.notFound,
          known
            ? { field_name: { code: 'filter_field_unknown', params: { fields: known.join(', ') } } }
            : { model_name: { code: 'filter_model_unknown', params: { models: FILTER_MODELS.join(', ') } } },
        );
      }
      return { results };
    },
  );
}
