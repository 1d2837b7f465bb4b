/** A company's plan as the API answers it (set by the operator, read-only in the console). */
export type Plan = 'free' | 'basic' | 'pro' | 'premium' | 'enterprise';

export interface PlanFields {
  plan: Plan;
  sample_retention_days: number | null;
}
