import type { Static } from 'typebox';
import type { CompanyResponse } from '../../server/src/routes/companies.schemas';

/** A company's plan as the API answers it (set by the operator, read-only in the console). */
export type PlanFields = Pick<Static<typeof CompanyResponse>, 'plan' | 'sample_retention_days'>;
