import { Type, type Static } from 'typebox';
import { PLANS } from '../domain/pricing.js';
import { Uuid } from './common.js';

export const UsageQuery = Type.Object({ company_id: Uuid }, { additionalProperties: false });
export type UsageQuery = Static<typeof UsageQuery>;

export const BillQuery = Type.Object(
  {
    company_id: Uuid,
    billing: Type.Optional(Type.Union([Type.Literal('monthly'), Type.Literal('yearly')], { default: 'monthly' })),
  },
  { additionalProperties: false },
);
export type BillQuery = Static<typeof BillQuery>;

export const DailyTokens = Type.Object({ day: Type.String({ description: 'UTC day, YYYY-MM-DD' }), tokens: Type.Integer() });
export const MonthlyTokens = Type.Object({ month: Type.String({ description: 'UTC month, YYYY-MM' }), tokens: Type.Integer() });

/** What a company uses this month against what its plan gives. */
export const UsageResponse = Type.Object({
  company_id: Uuid,
  plan: Type.Enum(PLANS),
  suspended: Type.Boolean(),
  month: Type.String({ description: 'The current UTC month, YYYY-MM' }),
  devices: Type.Object({ count: Type.Integer(), limit: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no limit' }) }),
  tokens: Type.Object({
    used: Type.Integer({ description: 'API tokens used this month (API-key requests and weeks of time series read with them)' }),
    quota: Type.Integer({ description: "This month's free tokens" }),
    remaining: Type.Integer(),
    overage: Type.Boolean({ description: 'Whether tokens beyond the quota are billed (true) or refused with 429 (false: Free)' }),
    daily: Type.Array(DailyTokens, { description: "This month's days with use, oldest first" }),
  }),
  sample_retention_days: Type.Union([Type.Integer(), Type.Null()], { description: 'Days time series are kept; null: for good' }),
  history: Type.Array(MonthlyTokens, { description: 'Tokens of the last 12 months, this one included, oldest first' }),
});
export type Usage = Static<typeof UsageResponse>;

export const QuoteLine = Type.Object({
  key: Type.Enum(['devices', 'yearlyDiscount', 'tokens', 'purchaseLte', 'purchaseNoLte', 'leaseLte', 'leaseNoLte'] as const),
  quantity: Type.Number(),
  unitPrice: Type.Number(),
  amount: Type.Number(),
  when: Type.Union([Type.Literal('recurring'), Type.Literal('once')]),
});

/** The month's projected bill, itemised exactly as the marketing calculator itemises a quote (one function: domain/pricing.ts bill()). */
export const BillResponse = Type.Object({
  tier: Type.Enum(PLANS),
  months: Type.Integer({ description: 'Months in one billing period: 1 monthly, 12 yearly' }),
  projected_tokens: Type.Integer({ description: "This month's tokens so far, extended to the whole month at the same daily rate" }),
  tokens: Type.Object({ used: Type.Integer(), free: Type.Integer(), billable: Type.Integer(), blocks: Type.Integer(), overage: Type.Boolean() }),
  lines: Type.Array(QuoteLine),
  recurring: Type.Number(),
  once: Type.Number(),
});
export type BillPreview = Static<typeof BillResponse>;
