import type { Company } from '../types/api';

/** A company's plan as the API answers it (set by the operator, read-only in the console). */
export type PlanFields = Pick<Company, 'plan' | 'sample_retention_days'>;
