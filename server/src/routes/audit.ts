import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { AppContext } from '../context.js';
import { csvLine, fileNamePart } from '../domain/csv.js';
import { sendCsv } from '../http/csv-stream.js';
import { invalid } from '../http/errors.js';
import { paging } from '../http/paging.js';
import type { AuditFilters } from '../repositories/audit-events.js';
import { AUDIT_EXPORT_COLUMNS, AuditEventPage, AuditExportQuery, AuditExportResponse, AuditListQuery, type AuditEvent } from '../schemas/audit.js';
import { errorResponses, IdParams } from '../schemas/common.js';
import { auditedCompany } from './audit-access.js';

const row = (event: AuditEvent) =>
  csvLine([
    event.at,
    event.actor_type,
    event.actor_id,
    event.actor_label,
    event.action,
    event.resource_type,
    event.resource_id,
    event.address,
    event.changes === null ? null : JSON.stringify(event.changes),
  ]);

/** The filters of a query; a time range that ends before it starts is the caller's mistake (400). */
function filtersOf(q: AuditExportQuery): AuditFilters {
  if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) throw invalid({ to: { code: 'range_reversed' } });
  return { actor: q.actor, action: q.action, resourceType: q.resource_type, resourceId: q.resource_id, from: q.from, to: q.to };
}

/** A company's audit log (issue #15): a page of entries, newest first, and the same as CSV. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['audit'];
  const { auditEvents } = ctx.repos;

  api.get(
    '/company/:id/audit',
    {
      schema: {
        operationId: 'listAuditEvents',
        summary: "List a company's audit log, newest first",
        tags,
        params: IdParams,
        querystring: AuditListQuery,
        response: { 200: AuditEventPage, ...errorResponses },
      },
    },
    async (request) => {
      const company = await auditedCompany(ctx, request.identity.userId, request.params.id);
      return auditEvents.list(company.id, filtersOf(request.query), paging(request.query));
    },
  );

  // Typed by hand, as the device export: the answer is a stream of CSV, which the type provider has no place for.
  app.get<{ Params: IdParams; Querystring: Static<typeof AuditExportQuery> }>(
    '/company/:id/audit/export',
    {
      schema: {
        operationId: 'exportAuditEvents',
        summary: "Export a company's audit log as CSV, with the list's filters",
        tags,
        params: IdParams,
        querystring: AuditExportQuery,
        response: { 200: AuditExportResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = await auditedCompany(ctx, request.identity.userId, request.params.id);
      const pages = auditEvents.matching(company.id, filtersOf(request.query));
      async function* lines() {
        yield csvLine(AUDIT_EXPORT_COLUMNS);
        for await (const events of pages) yield events.map(row).join('');
      }
      const day = ctx.now().toISOString().slice(0, 10);
      return sendCsv(reply, `audit-${fileNamePart(company.name)}-${day}`, lines());
    },
  );
}
