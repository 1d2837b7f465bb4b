import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from './common.js';
import { POWER_STATUSES } from '../domain/power.js';

export const BULK_JOB_KINDS = ['delete', 'move', 'profile'] as const;
export const BULK_JOB_STATES = ['queued', 'running', 'cancelled', 'done', 'failed'] as const;
/** The rows a user can pick by hand; beyond that the list's "select all N matching" sends its filters. */
export const MAX_PICKED = 10_000;
/** How many of a company's jobs the list answers, newest first. */
export const RECENT_BULK_JOBS = 20;

/** The device list's filters (its query's names), as "all N matching" takes them. */
export const BulkJobFilter = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    profile: Type.Optional(Uuid),
    unit: Type.Optional(Uuid),
    power_status: Type.Optional(Type.Enum(POWER_STATUSES)),
  },
  { additionalProperties: false },
);

export const BulkJobCreateBody = Type.Object(
  {
    company_id: Uuid,
    kind: Type.Enum(BULK_JOB_KINDS),
    /** All devices the list's filters match (an empty object: every device of the company). */
    filter: Type.Optional(BulkJobFilter),
    /** Or the devices the user picked. */
    ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: MAX_PICKED })),
    /** move: the unit to move to (null: out of every unit). */
    unit: Type.Optional(Type.Union([Uuid, Type.Null()])),
    /** profile: the device profile to switch to. */
    config: Type.Optional(Uuid),
  },
  {
    additionalProperties: false,
    example: { company_id: '5f0c6a1e-2b7d-4c3a-9e8f-1a2b3c4d5e6f', kind: 'move', filter: { search: 'boiler' }, unit: '0b7d4c3a-9e8f-4a2b-8c4d-5e6f5f0c6a1e' },
  },
);
export type BulkJobCreateBody = Static<typeof BulkJobCreateBody>;

export const BulkJobResponse = Type.Object({
  id: Uuid,
  company_id: Uuid,
  kind: Type.Enum(BULK_JOB_KINDS),
  state: Type.Enum(BULK_JOB_STATES),
  /** The devices the job selected when it was created. */
  total: Type.Integer(),
  done: Type.Integer(),
  unit: Type.Union([Uuid, Type.Null()]),
  config: Type.Union([Uuid, Type.Null()]),
  created_at: Timestamp,
  started_at: Type.Union([Timestamp, Type.Null()]),
  finished_at: Type.Union([Timestamp, Type.Null()]),
  /** Why a failed job stopped (a code, translated by the console). */
  error_code: Type.Union([Type.Literal('bulk_job_failed'), Type.Null()]),
});
export type BulkJob = Static<typeof BulkJobResponse>;

export const BulkJobListQuery = Type.Object({ company_id: Uuid }, { additionalProperties: false });
export const BulkJobList = Type.Array(BulkJobResponse);
