import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { BulkJobKind, BulkJobsTable } from '../db/schema.js';
import { appendAudit, inTransaction } from './audited.js';
import { deviceFilterCondition, type DeviceFilters } from './device-filter.js';
import { memberCompanyIds } from './member-companies.js';
import { networkOutboxRepository } from './network-outbox.js';

export type BulkJobRow = Selectable<BulkJobsTable>;

/** What a job does to which devices: the list's filters (all matching) or the ids the user picked. */
export interface NewBulkJob {
  companyId: string;
  kind: BulkJobKind;
  filter: Omit<DeviceFilters, 'companyId' | 'id'> | null;
  deviceIds: string[] | null;
  unitId: string | null;
  profileId: string | null;
  createdBy: string | null;
}

/** How a batch ended: more to do, the job finished, or this node no longer holds it (cancelled, lease lost). */
export type BatchOutcome = 'more' | 'done' | 'lost';

const ACTIVE = ['queued', 'running'] as const;

/**
 * Bulk jobs on a company's devices (migration 0036). A job walks its devices in id order; each batch
 * is one transaction that re-takes the lease, does the work with its network-server records, and
 * moves the cursor and the count on, so a node killed mid-job leaves it to resume exactly after its
 * last committed batch, and a device is never done twice.
 */
export function bulkJobsRepository(db: Db, dialect: Dialect) {
  /** The job's devices after its cursor: those that match and existed when it was created. */
  function remaining(trx: Db, job: BulkJobRow) {
    let query = trx.selectFrom('devices').where('devices.company_id', '=', job.company_id).where('devices.created_at', '<=', job.created_at);
    if (job.cursor !== null) query = query.where('devices.id', '>', job.cursor);
    // The LIKE alone: a job reads its devices by id, batch after batch, and would collect a search's
    // matches from the trigram index again for each batch.
    if (job.device_ids === null) return query.where((eb) => deviceFilterCondition(eb, JSON.parse(job.filter ?? '{}') as DeviceFilters, dialect, false));
    // At most MAX_PICKED ids (schemas/bulk-jobs.ts): within both databases' bound-parameter limits.
    const ids = (JSON.parse(job.device_ids) as string[]).filter((id) => job.cursor === null || id > job.cursor);
    return query.where('devices.id', 'in', ids.length > 0 ? ids : ['']);
  }

  async function count(job: BulkJobRow): Promise<number> {
    const row = await remaining(db, job)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    /** Queues a job with its total, and the one audit entry that stands for all its devices. */
    async create(job: NewBulkJob, at: string): Promise<BulkJobRow> {
      const row: BulkJobRow = {
        id: randomUUID(),
        company_id: job.companyId,
        kind: job.kind,
        filter: job.filter === null ? null : JSON.stringify(job.filter),
        device_ids: job.deviceIds === null ? null : JSON.stringify(job.deviceIds),
        unit_id: job.unitId,
        profile_id: job.profileId,
        state: 'queued',
        total: 0,
        done_count: 0,
        cursor: null,
        leased_by: null,
        leased_until: null,
        created_by: job.createdBy,
        created_at: at,
        started_at: null,
        finished_at: null,
        error_code: null,
      };
      row.total = await count(row);
      return inTransaction(db, async (trx) => {
        await trx.insertInto('bulk_jobs').values(row).execute();
        await appendAudit(trx, {
          companyIds: [job.companyId],
          action: job.kind === 'delete' ? 'delete' : 'update',
          resource: 'device',
          resourceId: null,
          changes: {
            bulk_job: row.id,
            kind: job.kind,
            devices: row.total,
            ...(job.kind === 'move' ? { unit: job.unitId } : {}),
            ...(job.kind === 'profile' ? { config: job.profileId } : {}),
          },
        });
        return row;
      });
    },

    async find(id: string): Promise<BulkJobRow | undefined> {
      return db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The company's latest jobs, newest first; none when the user is not one of its members. */
    async recent(userId: string, companyId: string, limit: number): Promise<BulkJobRow[]> {
      return db
        .selectFrom('bulk_jobs')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('company_id', 'in', memberCompanyIds(db, userId))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Stops a queued or running job: the batch under way (if any) commits, no further one starts. */
    async cancel(id: string, at: string): Promise<BulkJobRow | undefined> {
      await db
        .updateTable('bulk_jobs')
        .set({ state: 'cancelled', finished_at: at, leased_by: null, leased_until: null })
        .where('id', '=', id)
        .where('state', 'in', ACTIVE)
        .execute();
      return this.find(id);
    },

    /**
     * Takes one job for `node` until `leaseUntil`: a queued one, or a running one whose node's lease
     * ran out (it died). PostgreSQL skips a job another node is taking right now; SQLite has one writer.
     */
    async claim(node: string, at: string, leaseUntil: string): Promise<BulkJobRow | undefined> {
      let due = db
        .selectFrom('bulk_jobs')
        .select('id')
        .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('leased_until', '<', at)])]))
        .orderBy('created_at')
        .limit(1);
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      return db
        .updateTable('bulk_jobs')
        .set((eb) => ({ state: 'running', leased_by: node, leased_until: leaseUntil, started_at: eb.fn.coalesce('started_at', eb.val(at)) }))
        .where('id', 'in', due)
        .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('leased_until', '<', at)])]))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Does the job's next batch of up to `size` devices in one transaction. Its first statement
     * extends the lease only while `node` holds it and the job runs: on PostgreSQL it locks the row,
     * so a node taking over an expired lease or a cancel waits for this batch to commit, then sees it.
     */
    async runBatch(jobId: string, node: string, at: string, leaseUntil: string, size: number, network: boolean): Promise<BatchOutcome> {
      return db.transaction().execute(async (trx) => {
        const job = await trx
          .updateTable('bulk_jobs')
          .set({ leased_until: leaseUntil })
          .where('id', '=', jobId)
          .where('leased_by', '=', node)
          .where('state', '=', 'running')
          .returningAll()
          .executeTakeFirst();
        if (!job) return 'lost';
        const devices = await remaining(trx, job).select(['devices.id', 'devices.dev_eui']).orderBy('devices.id').limit(size).execute();
        const last = devices.at(-1);
        if (!last) {
          await trx.updateTable('bulk_jobs').set({ state: 'done', finished_at: at, leased_by: null, leased_until: null }).where('id', '=', jobId).execute();
          return 'done';
        }
        const ids = devices.map((device) => device.id);
        const outbox = networkOutboxRepository(trx, dialect);
        if (job.kind === 'delete') {
          await trx.deleteFrom('devices').where('id', 'in', ids).execute();
          if (network)
            await outbox.recordMany(
              'device',
              'delete',
              devices.map((device) => ({ entityId: device.id, remoteId: device.dev_eui })),
              job.company_id,
              at,
            );
        } else {
          const fields = job.kind === 'move' ? { unit_id: job.unit_id } : { profile_id: job.profile_id };
          await trx.updateTable('devices').set(fields).where('id', 'in', ids).execute();
          if (network)
            await outbox.recordMany(
              'device',
              'put',
              ids.map((entityId) => ({ entityId })),
              job.company_id,
              at,
            );
        }
        await trx
          .updateTable('bulk_jobs')
          .set((eb) => ({ cursor: last.id, done_count: eb('done_count', '+', devices.length) }))
          .where('id', '=', jobId)
          .execute();
        return 'more';
      });
    },

    /** A job whose batch threw: kept as failed with a code, its cursor where the last batch left it. */
    async fail(jobId: string, node: string, code: string, at: string): Promise<void> {
      await db
        .updateTable('bulk_jobs')
        .set({ state: 'failed', error_code: code, finished_at: at, leased_by: null, leased_until: null })
        .where('id', '=', jobId)
        .where('leased_by', '=', node)
        .execute();
    },
  };
}

export type BulkJobsRepository = ReturnType<typeof bulkJobsRepository>;
