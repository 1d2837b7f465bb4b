import type { BulkJob, BulkJobCreateBody } from '../types/api';
import { apiRequest } from './http';

/** Which devices a job acts on: the list's filters ("all N matching") or the rows picked. */
export type BulkJobTarget = { filter: Record<string, unknown> } | { ids: string[] };

/** What the job does: delete, move to a unit (null: out of every unit), or switch to a profile. */
export type BulkJobAction = { kind: 'delete' } | { kind: 'move'; unit: string | null } | { kind: 'profile'; config: string };

/** Bulk operations on devices as server jobs (issue #20), added to the data provider. */
export interface BulkJobsApi {
  /** Queues the job in the selected company; the server runs it, this answers at once with its total. */
  startBulkJob(target: BulkJobTarget, action: BulkJobAction): Promise<BulkJob>;
  /** The job's progress. */
  bulkJob(id: string): Promise<BulkJob>;
  /** Stops the job; what it did so far stays done. */
  cancelBulkJob(id: string): Promise<BulkJob>;
  /**
   * How many devices of the selected company the list's filters match, every one counted (the list
   * itself stops counting past 1,000): what "select all matching" says before a job starts.
   */
  countMatchingDevices(filter: Record<string, unknown>): Promise<number>;
}

type Call = <T>(run: () => Promise<T>) => Promise<T>;

const jobPath = (id: string, rest = '') => `/bulk-job/${encodeURIComponent(id)}/${rest}`;

/** The list's filter values under the names of the job's filter (the list query's names). */
function jobFilter(filter: Record<string, unknown>): NonNullable<BulkJobCreateBody['filter']> {
  const { q, profile, unit, power_status: power } = filter;
  const search = typeof q === 'string' && q.trim() ? q.trim() : undefined;
  return {
    ...(search ? { search } : {}),
    ...(typeof profile === 'string' ? { profile } : {}),
    ...(typeof unit === 'string' ? { unit } : {}),
    ...(typeof power === 'string' ? { power_status: power as NonNullable<BulkJobCreateBody['filter']>['power_status'] } : {}),
  };
}

export function bulkJobsApi(call: Call, selectedCompany: () => string): BulkJobsApi {
  return {
    startBulkJob: (target, action) =>
      call(() => {
        const body: BulkJobCreateBody = {
          company_id: selectedCompany(),
          ...action,
          ...('ids' in target ? { ids: target.ids } : { filter: jobFilter(target.filter) }),
        };
        return apiRequest<BulkJob>('/bulk-job/', { method: 'POST', body });
      }),
    bulkJob: (id) => call(() => apiRequest<BulkJob>(jobPath(id))),
    cancelBulkJob: (id) => call(() => apiRequest<BulkJob>(jobPath(id, 'cancel'), { method: 'POST' })),
    // The job's filter names are the list query's, so this counts the devices a job would act on.
    countMatchingDevices: (filter) =>
      call(async () => {
        const query = { company_id: selectedCompany(), ...jobFilter(filter), page_size: 1 };
        return (await apiRequest<{ count: number }>('/device/', { query })).count;
      }),
  };
}
