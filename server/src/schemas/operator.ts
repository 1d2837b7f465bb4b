import { Type, type Static } from 'typebox';
import { MAX_PLAN_OVERRIDE, MAX_SUSPENSION_REASON, PLANS } from '../domain/plans.js';
import { CompanyRoleSchema } from './companies.js';
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

/** A reseller tenant of the platform with its owners and what is under it (issue #17). */
export const OperatorTenant = Type.Object({
  id: Uuid,
  name: Type.String(),
  logo_url: Type.Union([Type.String(), Type.Null()]),
  color_hex: Type.Union([Type.String(), Type.Null()]),
  owners: Type.Array(Type.String(), { description: "The e-mail addresses of the tenant's owners." }),
  companies: Type.Integer({ description: 'Companies under the tenant.' }),
  devices: Type.Integer({ description: "Devices of the tenant's companies." }),
  created_at: Timestamp,
});
export type OperatorTenant = Static<typeof OperatorTenant>;

export const OperatorTenantPage = Page(OperatorTenant);

export const OPERATOR_TENANT_ORDERINGS = ['name', '-name', 'created_at', '-created_at', 'companies', '-companies', 'devices', '-devices'] as const;
export type OperatorTenantOrdering = (typeof OPERATOR_TENANT_ORDERINGS)[number];

export const OperatorTenantQuery = Type.Object(
  { ...ListQueryFields, ordering: Type.Optional(Type.Enum(OPERATOR_TENANT_ORDERINGS)) },
  { additionalProperties: false },
);
export type OperatorTenantQuery = Static<typeof OperatorTenantQuery>;

/** One company a user belongs to, with the role there. */
export const OperatorUserCompany = Type.Object({ id: Uuid, name: Type.String(), role: CompanyRoleSchema });

/** Where a user's operator rights come from: the OPERATOR_EMAILS setting, a grant (npm run operator or the back-office), or none. */
export const OPERATOR_SOURCES = ['environment', 'granted'] as const;

/** A user of the platform as the back-office lists it (issue #17). */
export const OperatorUser = Type.Object({
  id: Uuid,
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email_verified: Type.Boolean(),
  companies: Type.Array(OperatorUserCompany),
  operator: Type.Union([Type.Enum(OPERATOR_SOURCES), Type.Null()], {
    description: 'environment: named in OPERATOR_EMAILS (only the environment takes it back); granted: in the database; null: not an operator.',
  }),
  created_at: Timestamp,
  last_sign_in_at: Type.Union([Timestamp, Type.Null()], { description: 'When the newest session still on record began; null: none.' }),
});
export type OperatorUser = Static<typeof OperatorUser>;

export const OperatorUserPage = Page(OperatorUser);

export const OPERATOR_USER_ORDERINGS = ['email', '-email', 'created_at', '-created_at', 'last_sign_in_at', '-last_sign_in_at'] as const;
export type OperatorUserOrdering = (typeof OPERATOR_USER_ORDERINGS)[number];

export const OperatorUserQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Enum(OPERATOR_USER_ORDERINGS)),
    operator: Type.Optional(Type.Boolean()),
    verified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OperatorUserQuery = Static<typeof OperatorUserQuery>;
