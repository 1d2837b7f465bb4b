import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { duplicate, notFound } from '../http/errors.js';
import { paging, searchText } from '../http/paging.js';
import { conflictResponses, errorResponses } from '../schemas/common.js';
import { CompanyParams, ProfileResponse } from '../schemas/profiles.js';
import { networkChanges } from './network-changes.js';
import { TemplateListQuery, TemplatePage, TemplateParams } from '../schemas/templates.js';
import { assertCompanyMember } from './company-access.js';

/** The profile template store (spec §7 "Templates"): browse, and copy into a company. */
export async function templateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['templates'];
  const { templates } = ctx.repos;
  const network = networkChanges(ctx);

  api.get(
    '/template/:company_id',
    {
      schema: {
        operationId: 'listTemplates',
        summary: 'List the template store',
        tags,
        params: CompanyParams,
        querystring: TemplateListQuery,
        response: { 200: TemplatePage, ...errorResponses },
      },
    },
    async (request) => {
      await assertCompanyMember(ctx, request.identity.userId, request.params.company_id);
      const q = request.query;
      return templates.list(request.params.company_id, { search: searchText(q), vendor: q.vendor?.trim() || undefined, ...paging(q) });
    },
  );

  api.post(
    '/template/:company_id/:template_id',
    {
      schema: {
        operationId: 'addTemplate',
        summary: 'Add a template to a company as a device profile',
        tags,
        params: TemplateParams,
        response: { 201: ProfileResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request, reply) => {
      const { company_id, template_id } = request.params;
      await assertCompanyMember(ctx, request.identity.userId, company_id);
      const template = await templates.find(company_id, template_id);
      if (!template) throw notFound();
      if (template.already_added) throw duplicate('This template is already added to the company.', { template_id: { code: 'already_added' } });
      const profile = await ctx.transaction(async (tx) => {
        const created = await tx.profiles.create(
          company_id,
          {
            name: `${template.vendor} ${template.model}`,
            codec: template.codec,
            supports_otaa: template.supports_otaa,
            supports_class_b: template.supports_class_b,
            supports_class_c: template.supports_class_c,
            region: template.region,
            mac_version: template.mac_version,
            reg_params_revision: template.reg_params_revision,
            uplink_interval_s: template.uplink_interval_s,
          },
          template.id,
          ctx.now().toISOString(),
        );
        await network.put(tx, 'profile', created.id, company_id);
        return created;
      });
      return reply.code(201).send(await network.withStatusOne('profile', profile));
    },
  );
}
