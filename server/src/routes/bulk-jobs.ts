import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import type { BulkJobRow } from '../repositories/bulk-jobs.js';
import { errorResponses, IdParams } from '../schemas/common.js';
import { BulkJobCreateBody, BulkJobList, BulkJobListQuery, BulkJobResponse, RECENT_BULK_JOBS, type BulkJob } from '../schemas/bulk-jobs.js';
import type { FieldError } from '../schemas/messages.js';

const toJob = (row: BulkJobRow): BulkJob => ({
  id: row.id,
  company_id: row.company_id,
  kind: row.kind,
  state: row.state,
  total: row.total,
  done: row.done_count,
  unit: row.unit_id,
  config: row.profile_id,
  created_at: row.created_at,
  started_at: row.started_at,
  finished_at: row.finished_at,
  error_code: row.error_code === null ? null : 'bulk_job_failed',
});

/** What the job needs beyond its kind: a unit to move to, a profile to switch to, and which devices. */
function assertComplete(body: BulkJobCreateBody): void {
  const fields: Record<string, FieldError> = {};
  if (body.kind === 'move' && body.unit === undefined) fields.unit = { code: 'required' };
  if (body.kind === 'profile' && body.config === undefined) fields.config = { code: 'required' };
  if (body.filter === undefined && body.ids === undefined) fields.filter = { code: 'required' };
  if (body.filter !== undefined && body.ids !== undefined) fields.ids = { code: 'not_allowed' };
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

/**
 * Bulk operations on a company's devices as server jobs (issue #20): queued here, run batch by
 * batch by whichever node takes the job (jobs/bulk-job-runner.ts), watched and cancelled here.
 */
export async function bulkJobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['devices'];
  const { bulkJobs, devices } = ctx.repos;

  /** The job, when its company is one of the caller's (the access check already asked). */
  async function visibleJob(id: string): Promise<BulkJobRow> {
    const job = await bulkJobs.find(id);
    if (!job) throw notFound();
    return job;
  }

  api.post(
    '/bulk-job/',
    {
      schema: {
        operationId: 'createBulkJob',
        summary: 'Start a bulk operation on devices (delete, move to a unit, change profile)',
        tags,
        body: BulkJobCreateBody,
        response: { 202: BulkJobResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertComplete(body);
      // Another company's unit or profile is "no such", as for one device.
      const refs = await devices.referencesBelongTo(body.company_id, {
        unitId: body.kind === 'move' ? body.unit : undefined,
        profileId: body.kind === 'profile' ? body.config : undefined,
      });
      if (!refs.unitOk) throw invalid({ unit: { code: 'no_such_unit' } });
      if (!refs.profileOk) throw invalid({ config: { code: 'no_such_profile' } });
      const filter = body.filter
        ? { search: body.filter.search?.trim() || undefined, profileId: body.filter.profile, unitId: body.filter.unit, powerStatus: body.filter.power_status }
        : null;
      const job = await bulkJobs.create(
        {
          companyId: body.company_id,
          kind: body.kind,
          filter,
          deviceIds: body.ids ? [...new Set(body.ids)] : null,
          unitId: body.kind === 'move' ? (body.unit ?? null) : null,
          profileId: body.kind === 'profile' ? (body.config ?? null) : null,
          createdBy: request.identity.userId,
        },
        ctx.now().toISOString(),
      );
      ctx.bulkJobs?.wake();
      return reply.code(202).send(toJob(job));
    },
  );

  api.get(
    '/bulk-job/',
    {
      schema: {
        operationId: 'listBulkJobs',
        summary: "List a company's recent bulk operations, newest first",
        tags,
        querystring: BulkJobListQuery,
        response: { 200: BulkJobList, ...errorResponses },
      },
    },
    async (request) => (await bulkJobs.recent(request.identity.userId, request.query.company_id, RECENT_BULK_JOBS)).map(toJob),
  );

  api.get(
    '/bulk-job/:id/',
    {
      schema: {
        operationId: 'getBulkJob',
        summary: 'Get a bulk operation and its progress',
        tags,
        params: IdParams,
        response: { 200: BulkJobResponse, ...errorResponses },
      },
    },
    async (request) => toJob(await visibleJob(request.params.id)),
  );

  api.post(
    '/bulk-job/:id/cancel',
    {
      schema: {
        operationId: 'cancelBulkJob',
        summary: 'Cancel a bulk operation (the devices done so far stay done)',
        tags,
        params: IdParams,
        response: { 200: BulkJobResponse, ...errorResponses },
      },
    },
    async (request) => {
      const job = await visibleJob(request.params.id);
      return toJob((await bulkJobs.cancel(job.id, ctx.now().toISOString())) ?? job);
    },
  );
}
