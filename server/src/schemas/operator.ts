import { Type, type Static } from 'typebox';
import { MAX_PLAN_OVERRIDE, MAX_SUSPENSION_REASON, PLANS } from '../domain/plans.js';
import { ListQueryFields, NonBlank, Page, Timestamp, Uuid } from './common.js';

/**
 * The operator back-office (issue #17): every company of the platform with its plan, overrides,
 * devices, this month's tokens and suspension. Only platform operators reach these routes.
 */
export const OperatorCompany = Type.Object({
  id: Uuid,
  name: Type.String(),
  plan: Type.Enum(PLANS),
  device_limit: Type.Union([Type.Integer(), Type.Null()], { description: "The operator's device limit; null: the plan's." }),
  token_quota: Type.Union([Type.Integer(), Type.Null()], { description: "The operator's monthly token quota; null: the plan's." }),
  devices: Type.Integer({ description: 'Devices the company has now.' }),
  members: Type.Integer(),
  tokens_this_month: Type.Integer({ description: 'API tokens counted this calendar month (UTC).' }),
  suspended_at: Type.Union([Timestamp, Type.Null()]),
  suspension_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
});
export type OperatorCompany = Static<typeof OperatorCompany>;

export const OperatorCompanyPage = Page(OperatorCompany);

export const OPERATOR_COMPANY_ORDERINGS = ['name', '-name', 'created_at', '-created_at', 'devices', '-devices'] as const;
export type OperatorCompanyOrdering = (typeof OPERATOR_COMPANY_ORDERINGS)[number];

export const OperatorCompanyQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Enum(OPERATOR_COMPANY_ORDERINGS)),
    plan: Type.Optional(Type.Enum(PLANS)),
    suspended: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OperatorCompanyQuery = Static<typeof OperatorCompanyQuery>;

const Override = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_PLAN_OVERRIDE }), Type.Null()], {
  description: "null clears the override: the plan's own figure applies again.",
});

/** Change a company's plan and overrides; the fields left out stay as they are. */
export const OperatorCompanyUpdate = Type.Object(
  { plan: Type.Optional(Type.Enum(PLANS)), device_limit: Type.Optional(Override), token_quota: Type.Optional(Override) },
  { additionalProperties: false, minProperties: 1, example: { plan: 'pro', device_limit: null } },
);
export type OperatorCompanyUpdate = Static<typeof OperatorCompanyUpdate>;

export const OperatorSuspendBody = Type.Object(
  { reason: NonBlank(MAX_SUSPENSION_REASON, { description: "Shown to the company's users in the suspension banner." }) },
  { additionalProperties: false, example: { reason: 'Invoice 2026-11 unpaid' } },
);
export type OperatorSuspendBody = Static<typeof OperatorSuspendBody>;
